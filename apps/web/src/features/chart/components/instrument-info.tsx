import type { ReactNode } from 'react';
import { CloseOutline } from 'antd-mobile-icons';
import { LANG_TAGS } from '@tradepad/contracts/languages';
import type { TradeItem } from '@tradepad/contracts/market/constants';
import { nextRollover } from '@tradepad/domain/swaps';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatCount, formatDecimal, formatQuantity } from '../../../i18n/format.ts';
import { LiveSpread } from '../../../shared/market/live-bid-ask.tsx';
import { useBasicInfo } from '../../../shared/api/basic-info.api.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { feeTerms } from '../../../shared/trading/fee-terms.ts';
import { Popup } from '../../../shared/ui/antd.ts';
import { useInstrumentInfo } from '../api/instrument-info.api.ts';
import { sessionSpans } from '../hooks/session-times.ts';

const WEEK_MS = 7 * 86_400_000;

/** The trader's own time zone, as the browser knows it. */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The instrument's info sheet (issue 20 point 6): contract size, trading hours in the trader's time zone, leverage
 * and margin, swaps long and short, fee, lots, spread and the published pricing. Its own chunk, loaded on the first tap on ⓘ.
 */
export default function InstrumentInfoSheet({ item, visible, onClose }: { item: TradeItem; visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const info = useInstrumentInfo(item.Id);
  const feeType = useBasicInfo().data?.trade_fee_type;
  const zone = localZone();
  const when = new Intl.DateTimeFormat(LANG_TAGS[lang], {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const weekday = new Intl.DateTimeFormat(LANG_TAGS[lang], { weekday: 'long', timeZone: 'UTC' });
  // Swaps in USD per lot per night, 0.00 included (DESIGN §17): an amount and its currency read left to right in every
  // language ("USD 1.20" in Arabic otherwise).
  const perLot = (amount: string) => {
    // The phrase in the language's own order ("每手 … USD", "… USD لكل لوت"), the amount and its currency one
    // left-to-right run inside it.
    const [before, after] = t('chart.info.usdPerLot', { amount: '\u0000' }).split('\u0000 USD');
    const money = (
      <bdi dir="ltr" className="num">
        {amount} USD
      </bdi>
    );
    return after === undefined ? (
      money
    ) : (
      <span>
        {before}
        {money}
        {after}
      </span>
    );
  };
  const swap = (v: string) => perLot(formatDecimal(v, lang, 2));
  const fee = feeTerms(item.ForexFeeRate, feeType);
  const hasSwaps = info.data !== undefined && (Number(info.data.SwapLong) !== 0 || Number(info.data.SwapShort) !== 0);
  // The 17:00 New York rollover in the trader's own time (the next one: the two zones may change clocks apart).
  const rolloverTime = new Intl.DateTimeFormat(LANG_TAGS[lang], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    nextRollover(Date.now()).at,
  );

  const pricing = info.data ?? item;
  const pricingText =
    pricing.Pricing === 'markup'
      ? t('chart.info.pricingMarkup', { points: formatCount(pricing.Markup, lang) })
      : t('chart.info.pricingFixed');

  let hours: ReactNode;
  if (info.data) {
    const spans = sessionSpans(info.data.Sessions, info.data.TimeZone, Date.now());
    // Sessions joined into one span a whole week long: the market never closes (crypto), said so rather than
    // "Sun 00:00 – Sun 00:00".
    const always = spans.length === 1 && spans[0]!.end - spans[0]!.start >= WEEK_MS;
    hours =
      spans.length === 0 ? (
        <span>—</span>
      ) : always ? (
        <ul className="info-hours" data-testid="info-hours-list">
          <li>{t('chart.info.alwaysOpen')}</li>
        </ul>
      ) : (
        <ul className="info-hours" data-testid="info-hours-list">
          {spans.map((s) => (
            <li key={s.start} className="num">
              <bdi>{when.format(s.start)}</bdi> – <bdi>{when.format(s.end)}</bdi>
            </li>
          ))}
        </ul>
      );
  } else {
    hours = info.isError ? <span>{t('chart.info.loadError')}</span> : <span className="sk" style={{ width: 160, height: 16 }} />;
  }

  const rows: Array<[string, ReactNode, string?]> = [
    [
      t('chart.info.contract'),
      <bdi key="contract" dir="ltr" className="num">
        {formatQuantity(String(item.ForexContNum), lang)} {item.BaseCurrency}
      </bdi>,
      'contract',
    ],
    [t('chart.info.hours', { zone }), hours, 'hours'],
    [
      t('chart.info.leverage'),
      item.HasForexMultiple.map((o) => `1:${formatCount(o.Value, lang)}`).join(' · ') || '—',
      'leverage',
    ],
    [t('chart.info.margin'), t(item.MarginMode === 1 ? 'chart.info.marginFixed' : 'chart.info.marginByLeverage'), 'margin'],
    [t('chart.info.swapLong'), info.data ? swap(info.data.SwapLong) : '…', 'swap-long'],
    [t('chart.info.swapShort'), info.data ? swap(info.data.SwapShort) : '…', 'swap-short'],
    ...(info.data && hasSwaps
      ? [
          [t('chart.info.tripleDay'), weekday.format(Date.UTC(2026, 10, 15 + info.data.SwapTripleDay)), 'triple'] as [
            string,
            ReactNode,
            string,
          ],
          [
            t('chart.info.rollover'),
            <span key="rollover">
              <bdi className="num">{t('chart.info.rolloverAt', { time: rolloverTime })}</bdi>
              <small className="info-note">{t('chart.info.swapNote')}</small>
            </span>,
            'rollover',
          ] as [string, ReactNode, string],
        ]
      : []),
    [
      t('chart.info.fee'),
      fee.unit === 'usd_per_lot' ? (
        perLot(formatQuantity(fee.amount, lang))
      ) : (
        <span key="fee">{t('chart.info.percentOfMargin', { percent: formatQuantity(fee.percent, lang) })}</span>
      ),
      'fee',
    ],
    [t('chart.info.lotMin'), formatQuantity(item.ForexMinCont, lang), 'lot-min'],
    [t('chart.info.lotMax'), formatQuantity(item.ForexMaxCont, lang), 'lot-max'],
    [t('chart.info.lotStep'), formatQuantity(item.Pip, lang), 'lot-step'],
    [
      t('chart.info.spread'),
      <span key="spread">
        <LiveSpread forexId={item.Id} precision={item.PricePrecision} fallback={item.Spread} /> {t('chart.info.points')}
      </span>,
      'spread',
    ],
    // How the published price follows the source (DESIGN §14): the sheet's answer when it has come, the list's before.
    [t('chart.info.pricing'), pricingText, 'pricing'],
  ];

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="info-sheet">
      <div role="dialog" aria-modal="true" aria-labelledby="info-title" data-testid="info-sheet">
        <div className="sheet-head">
          <h2 id="info-title" className="sheet-title">
            <bdi dir="ltr">{item.ShowCode}</bdi> · {t('chart.info.title')}
          </h2>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
            <CloseOutline fontSize={20} aria-hidden />
          </button>
        </div>
        <dl className="info-list">
          {rows.map(([label, value, id]) => (
            <div key={id} className="info-row" data-testid={`info-${id}`}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Popup>
  );
}
