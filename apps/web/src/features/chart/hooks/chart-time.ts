import { LANG_TAGS, type Lang } from '@tradepad/contracts/languages';
import type { Period } from '@tradepad/contracts/market';

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

/** Labels in the reader's language with Latin digits; daily bars by their UTC trading date. */
export function chartTimeFormat(lang: Lang, period: Period): ChartTimeFormat {
  const locale = `${LANG_TAGS[lang]}-u-nu-latn`;
  const daily = period === '1day';
  const timeZone = daily ? 'UTC' : undefined;
  const label = new Intl.DateTimeFormat(
    locale,
    daily
      ? { year: 'numeric', month: 'short', day: 'numeric', timeZone }
      : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  );
  const ticks = TICK_OPTIONS.map((o) => new Intl.DateTimeFormat(locale, { ...o, timeZone }));
  return {
    label: (seconds) => label.format(seconds * 1000),
    tick: (seconds, type) => (ticks[type] ?? ticks[3]!).format(seconds * 1000),
  };
}
