import { useState } from 'react';
import type { StatementFundsView, StatementTradeView } from '@tradepad/contracts/trading/statement';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatDateTime, formatDecimal, formatQuantity } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { plTone, signed } from '../../../shared/trading/order-text.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { SkeletonCard } from '../../../shared/ui/skeleton-card.tsx';
import { downloadStatement, useStatement } from '../api/statement.api.ts';
import { presetRange, rangeValid, readerTimeZone, type RangePreset } from '../hooks/statement-range.ts';
import './statement-view.css';

/** Rows drawn at first and added by "show more": a year of trades stays light on a phone. */
const STEP = 50;

/**
 * The statement (issue 21 point 3, DESIGN §13): a period (this month, last month, or chosen dates) in the reader's
 * time zone; its totals; each closed trade with its P/L, fee and swap apart; the deposits, withdrawals and
 * adjustments; and the same statement downloaded as CSV or PDF in the reader's language.
 */
export function StatementView() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const [preset, setPreset] = useState<RangePreset>('this_month');
  const [dates, setDates] = useState(() => presetRange('this_month', new Date()));
  const [tz] = useState(readerTimeZone);
  const [shown, setShown] = useState(STEP);
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const valid = rangeValid(dates.from, dates.to);
  const range = { ...dates, tz };
  const statement = useStatement(range, valid);
  const data = statement.data;

  const choose = (p: RangePreset) => {
    setPreset(p);
    if (p !== 'custom') setDates(presetRange(p, new Date()));
    setShown(STEP);
  };
  const edit = (field: 'from' | 'to', value: string) => {
    setPreset('custom');
    setDates((d) => ({ ...d, [field]: value }));
    setShown(STEP);
  };
  const download = async (format: 'csv' | 'pdf') => {
    if (!valid || busy) return;
    setBusy(format);
    try {
      await downloadStatement(range, format);
    } catch {
      // Already toasted by the client.
    } finally {
      setBusy(null);
    }
  };
  const money = (v: string) => formatDecimal(v, lang, 2);
  const tone = (v: string) => `num price ${plTone(v)}`;

  const totals = data?.totals;
  return (
    <section className="statement" aria-label={t('statement.title')} data-testid="statement">
      <Segmented
        label={t('statement.period')}
        value={preset}
        onChange={choose}
        options={[
          { value: 'this_month', label: t('statement.thisMonth'), testId: 'statement-preset-this_month' },
          { value: 'last_month', label: t('statement.lastMonth'), testId: 'statement-preset-last_month' },
          { value: 'custom', label: t('statement.custom'), testId: 'statement-preset-custom' },
        ]}
      />
      <div className="statement-dates">
        <DateField field="from" label={t('statement.from')} dates={dates} invalid={!valid} onEdit={edit} />
        <DateField field="to" label={t('statement.to')} dates={dates} invalid={!valid} onEdit={edit} />
      </div>
      {!valid && (
        <p className="statement-error" role="alert">
          {t('statement.badRange')}
        </p>
      )}
      <p className="statement-tz">{t('statement.timeZone', { tz })}</p>
      <div className="statement-downloads">
        {(['csv', 'pdf'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="btn btn-secondary"
            disabled={!valid || busy !== null}
            aria-busy={busy === format || undefined}
            data-testid={`statement-${format}`}
            onClick={() => void download(format)}
          >
            {busy === format ? t('statement.preparing') : t(format === 'csv' ? 'statement.downloadCsv' : 'statement.downloadPdf')}
          </button>
        ))}
      </div>

      {statement.isError && !data ? (
        <NoData
          title={statement.error?.message || t('statement.loadError')}
          action={
            <button type="button" className="no-data-action" onClick={() => void statement.refetch()}>
              {t('common.reload')}
            </button>
          }
        />
      ) : !data ? (
        <SkeletonCard className="statement-card" bars={['70%/16', '45%/16']} />
      ) : (
        <>
          <dl className="statement-card statement-totals" data-testid="statement-totals">
            <Figure label={t('statement.profit')} value={money(totals!.profit)} className={tone(totals!.profit)} id="profit" />
            <Figure label={t('statement.fees')} value={money(totals!.fees)} className="num price" id="fees" />
            {Number(totals!.commissions) !== 0 && (
              <Figure
                label={t('statement.commissions')}
                value={money(totals!.commissions)}
                className="num price"
                id="commissions"
              />
            )}
            <Figure label={t('statement.swap')} value={money(totals!.swap)} className={tone(totals!.swap)} id="swap" />
            <Figure
              label={t('statement.net')}
              value={signed(totals!.net, money(totals!.net))}
              className={`${tone(totals!.net)} statement-strong`}
              id="net"
            />
            <Figure label={t('statement.deposits')} value={money(totals!.deposits)} className="num price" id="deposits" />
            <Figure
              label={t('statement.withdrawals')}
              value={money(totals!.withdrawals)}
              className="num price"
              id="withdrawals"
            />
            <Figure
              label={t('statement.adjustments')}
              value={money(totals!.adjustments)}
              className="num price"
              id="adjustments"
            />
            {Number(totals!.credit) !== 0 && (
              <Figure label={t('statement.credit')} value={money(totals!.credit)} className="num price" id="credit" />
            )}
          </dl>

          <h3 className="statement-title">
            {t('statement.trades')} <span className="num">({totals!.trades})</span>
          </h3>
          {data.trades.length === 0 ? (
            <p className="statement-empty">{t('statement.noTrades')}</p>
          ) : (
            <ul className="statement-list">
              {data.trades.slice(0, shown).map((row) => (
                <TradeRow key={row.Id} row={row} />
              ))}
            </ul>
          )}
          {data.trades.length > shown && (
            <button type="button" className="btn btn-ghost statement-more" onClick={() => setShown((n) => n + STEP)}>
              {t('statement.showMore', { count: data.trades.length - shown })}
            </button>
          )}

          <h3 className="statement-title">{t('statement.funds')}</h3>
          {data.funds.length === 0 ? (
            <p className="statement-empty">{t('statement.noFunds')}</p>
          ) : (
            <ul className="statement-list">
              {data.funds.map((row) => (
                <FundsRow key={row.Id} row={row} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function Figure({ label, value, className, id }: { label: string; value: string; className: string; id: string }) {
  return (
    <div className="statement-figure">
      <dt>{label}</dt>
      <dd className={className} data-testid={`statement-total-${id}`}>
        {value}
      </dd>
    </div>
  );
}

/** One end of the period; each end is bounded by the other, so the picker offers no reversed period. */
function DateField(props: {
  field: 'from' | 'to';
  label: string;
  dates: { from: string; to: string };
  invalid: boolean;
  onEdit: (field: 'from' | 'to', value: string) => void;
}) {
  const { field, dates } = props;
  return (
    <label className="statement-date">
      <span>{props.label}</span>
      <input
        className="field-input num"
        type="date"
        value={dates[field]}
        min={field === 'to' ? dates.from || undefined : undefined}
        max={field === 'from' ? dates.to || undefined : undefined}
        aria-invalid={props.invalid || undefined}
        data-testid={`statement-${field}`}
        onChange={(e) => props.onEdit(field, e.target.value)}
      />
    </label>
  );
}

/** A labelled amount in a trade's row (its profit, fee or swap); profit and swap are toned by their sign. */
function MoneyPart({ label, value, tone, testId }: { label: string; value: string; tone?: string; testId: string }) {
  return (
    <span>
      {label}{' '}
      <b className={tone ? `num price ${tone}` : 'num price'} data-testid={testId}>
        {value}
      </b>
    </span>
  );
}

function TradeRow({ row }: { row: StatementTradeView }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const money = (v: string) => formatDecimal(v, lang, 2);
  // Prices come written in the instrument's precision: as many decimals, in the reader's separators.
  const price = (v: string) => formatDecimal(v, lang, v.split('.')[1]?.length ?? 0);
  return (
    <li className="statement-row" data-testid={`statement-trade-${row.Id}`}>
      <span className="statement-line">
        <span className="statement-what">
          <bdi className="statement-code">{row.Code}</bdi>{' '}
          <span className={row.OrderType === 1 ? 'tone-up' : 'tone-down'}>
            {t(row.OrderType === 1 ? 'trading.buy' : 'trading.sell')}
          </span>{' '}
          <span className="num">{formatQuantity(row.Quantity, lang)}</span>
        </span>
        <span className={`statement-net num price ${plTone(row.Net)}`} data-testid={`statement-net-${row.Id}`}>
          {signed(row.Net, money(row.Net))}
        </span>
      </span>
      <span className="statement-sub num">
        <bdi>
          {price(row.OpenPrice)} → {price(row.ClosePrice)}
        </bdi>
        {row.ParentId > 0 && <span className="statement-partial">{t('statement.partial', { id: row.ParentId })}</span>}
      </span>
      <span className="statement-sub num">
        <bdi>
          {formatDateTime(row.OpenedAt, lang)} → {formatDateTime(row.ClosedAt, lang)}
        </bdi>
      </span>
      <span className="statement-money">
        <MoneyPart
          label={t('statement.profit')}
          value={money(row.Profit)}
          tone={plTone(row.Profit)}
          testId={`statement-profit-${row.Id}`}
        />
        <MoneyPart label={t('statement.fee')} value={money(row.Fee)} testId={`statement-fee-${row.Id}`} />
        {Number(row.Commission) !== 0 && (
          <MoneyPart label={t('statement.commission')} value={money(row.Commission)} testId={`statement-commission-${row.Id}`} />
        )}
        <MoneyPart
          label={t('statement.swap')}
          value={money(row.Swap)}
          tone={plTone(row.Swap)}
          testId={`statement-swap-${row.Id}`}
        />
      </span>
    </li>
  );
}

function FundsRow({ row }: { row: StatementFundsView }) {
  const lang = useSettingsStore((s) => s.lang);
  const { t } = useTranslation();
  return (
    <li className="statement-row" data-testid={`statement-funds-${row.Id}`}>
      <span className="statement-line">
        <span className="statement-what">{row.Memo}</span>
        <span className={`statement-net num price ${plTone(row.Amount)}`}>
          {signed(row.Amount, formatDecimal(row.Amount, lang, 2))}
        </span>
      </span>
      <span className="statement-sub num">
        {formatDateTime(row.At, lang)}
        {Number(row.Fee) !== 0 && (
          <span className="statement-partial">
            {t('statement.fee')} {formatDecimal(row.Fee, lang, 2)}
          </span>
        )}
      </span>
    </li>
  );
}
