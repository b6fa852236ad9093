import { LANG_TAGS, type Lang } from '@tradepad/contracts/languages';
import type { Period } from '@tradepad/contracts/market/constants';

/**
 * Times on the chart. Intraday bars keep their unix time and are labelled in the reader's time zone. A daily bar
 * opens at the instrument's rollover (22:00 UTC the evening before for forex, midnight for crypto), so it goes on the
 * chart at midnight UTC of its trading day: the UTC date twelve hours after it opens.
 */
export function chartTime(seconds: number, period: Period): number {
  if (period !== '1day') return seconds;
  return Math.floor((seconds + 43_200) / 86_400) * 86_400;
}

/** lightweight-charts' TickMarkType: Year, Month, DayOfMonth, Time, TimeWithSeconds. */
const TICK_OPTIONS: Intl.DateTimeFormatOptions[] = [
  { year: 'numeric' },
  { month: 'short' },
  { day: 'numeric' },
  { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
];

export interface ChartTimeFormat {
  /** The crosshair's label. */
  label(seconds: number): string;
  /** An axis tick of the given TickMarkType. */
  tick(seconds: number, tickMarkType: number): string;
}

const TIME = 3;
const TIME_WITH_SECONDS = 4;
const two = (n: number) => String(n).padStart(2, '0');

/**
 * Labels in the reader's language with Latin digits; daily bars by their UTC trading date. Intraday ticks are written
 * as HH:mm(:ss) directly, which is what Intl writes in all 14 languages (tested): a page's first Intl call costs 13–43
 * ms of main thread, and the chart's first view (300 one-minute bars) shows only times. Month, day and year ticks and
 * the crosshair's label get their Intl formatters when first asked for.
 */
export function chartTimeFormat(lang: Lang, period: Period): ChartTimeFormat {
  const locale = `${LANG_TAGS[lang]}-u-nu-latn`;
  // Day, week and month bars by their UTC date (weeks open on Monday, months on the 1st, 00:00 UTC).
  const daily = period === '1day' || period === '1week' || period === '1mon';
  const timeZone = daily ? 'UTC' : undefined;
  let label: Intl.DateTimeFormat | undefined;
  const ticks: Array<Intl.DateTimeFormat | undefined> = [];
  const tickFormat = (type: number) => (ticks[type] ??= new Intl.DateTimeFormat(locale, { ...TICK_OPTIONS[type], timeZone }));
  return {
    label: (seconds) =>
      (label ??= new Intl.DateTimeFormat(
        locale,
        daily
          ? { year: 'numeric', month: 'short', day: 'numeric', timeZone }
          : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
      )).format(seconds * 1000),
    tick: (seconds, type) => {
      const t = TICK_OPTIONS[type] ? type : TIME;
      if (daily || (t !== TIME && t !== TIME_WITH_SECONDS)) return tickFormat(t).format(seconds * 1000);
      const d = new Date(seconds * 1000);
      const hm = `${two(d.getHours())}:${two(d.getMinutes())}`;
      return t === TIME ? hm : `${hm}:${two(d.getSeconds())}`;
    },
  };
}
