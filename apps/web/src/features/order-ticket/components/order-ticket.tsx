import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useNavigate } from '../../../shared/router/router.tsx';
import type { TradeItem } from '@tradepad/contracts/market/constants';
import { ORDER_BUY, ORDER_SELL, type OrderView } from '@tradepad/contracts/trading/constants';
import { formatLots } from '@tradepad/domain/lots';
import { formatMoney as microsText, micros, type Micros } from '@tradepad/domain/money';
import { pointsToPrice } from '@tradepad/domain/price';
import { formatDecimal, formatPrice, formatQuantity } from '../../../i18n/format.ts';
import { useAccountFeed } from '../../../shared/trading/account-feed.ts';
import { AccountFigures } from '../../../shared/trading/account-figures.tsx';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { gatedProps, useTradeGate } from '../../../shared/ui/trade-gate.ts';
import { useSubmitOrder } from '../api/submit-order.api.ts';
import type { LevelUnit, OrderKind } from '../hooks/ticket-figures.ts';
import { toPoints } from '../hooks/ticket-figures.ts';
import { plainPrice, useOrderTicket } from '../hooks/use-order-ticket.ts';
import { DeviationField } from './deviation-field.tsx';
import { LevelField } from './level-field.tsx';
import { ExpiryField, TrailingField } from './ticket-extras.tsx';
import { LeveragePicker } from './leverage-picker.tsx';
import { LotStepper } from './lot-stepper.tsx';
import { PriceField } from './price-field.tsx';
import { PendingTypeField } from './pending-type-field.tsx';
import './order-ticket.css';

/** The success popup loads with the first order. */
const OrderPlaced = lazy(() => import('./order-placed.tsx'));

/** Money in the ticket shows 2 decimals, like every balance (issue 20 point 4). */
const MONEY_DECIMALS = 2;

/**
 * The order half of the trade screen (spec §2, §5): buy or sell, at the market or pending at a price, lots on the
 * instrument's step, leverage, stop-loss and take-profit, and before submitting the margin, the fee, the stop-out
 * price and the value of one pip, all computed with the engine's own rules.
 */
export default function OrderTicket({ item, items }: { item: TradeItem; items: readonly TradeItem[] }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const navigate = useNavigate();
  useAccountFeed();
  const ticket = useOrderTicket(item, items);
  const submit = useSubmitOrder();
  // Offline, reconnecting or without quotes the prices shown are not the market's: nothing may be sent on them.
  const gate = useTradeGate();
  const [placed, setPlaced] = useState<OrderView | null>(null);
  const { figures, side, kind } = ticket;
  const precision = item.PricePrecision;
  const code = item.ShowCode;

  const money = (m: Micros | null, decimals = MONEY_DECIMALS) =>
    m === null ? '--' : formatDecimal(microsText(m, decimals), lang, decimals);
  const price = (points: number | null) =>
    points === null ? '--' : formatPrice(pointsToPrice(points, precision), precision, lang);

  const refuse = (key: string) => toastMessage(t(key));
  const onSubmit = async (sent: typeof side = side) => {
    if (!figures.open || submit.isPending || !gate.pass()) return;
    if (!ticket.loggedIn) {
      void navigate(`/login?from=${encodeURIComponent('/trade')}`);
      return;
    }
    if (ticket.leverages.length === 0) return refuse('msg.noLeverageConfig');
    if (ticket.leverage === null) return refuse('ticket.problem.leverage');
    if (figures.lotsProblem) return refuse(`ticket.problem.${figures.lotsProblem}`);
    if (kind === 'pending' && ticket.pendingProblem) return refuse(`ticket.problem.${ticket.pendingProblem}`);
    if (kind === 'pending' && figures.priceMissing) return refuse('ticket.problem.price');
    if (figures.stopsProblem) return refuse(`ticket.problem.${figures.stopsProblem}`);
    if (figures.stopLoss.points === null) return refuse('ticket.problem.stop_loss_invalid');
    if (figures.takeProfit.points === null) return refuse('ticket.problem.take_profit_invalid');
    if (kind === 'market' && ticket.deviation === null) return refuse('ticket.problem.deviation');
    if (kind === 'pending' && ticket.expireAt === null) return refuse('ticket.problem.expiry');
    try {
      const result = await submit.mutateAsync(ticket.params(sent));
      setPlaced(result.order);
    } catch {
      // The API client showed the server's message.
    }
  };

  // One-tap trading (DESIGN §17): Buy and Sell send a market order at once with the ticket's lots. Stop levels belong
  // to the side they were set on, so with a level on, a tap on the other side only picks it (the next tap sends).
  const oneTap = useSettingsStore((s) => s.oneTap);
  const onSide = (s: typeof side) => {
    const sendNow =
      oneTap && kind === 'market' && (s === side || (!ticket.stopLoss.on && !ticket.takeProfit.on && !ticket.trailingText));
    ticket.setSide(s);
    if (sendNow) void onSubmit(s);
  };

  const lotsError = figures.lotsProblem && ticket.lotsText !== '' ? t(`ticket.problem.${figures.lotsProblem}`) : undefined;
  // Margin and fee beyond the free margin: the engine would refuse the order (the same rule, marginShortfall).
  const short = ticket.loggedIn && figures.marginShort !== null && figures.marginShort > 0n;
  const stopsError = figures.stopsProblem ? t(`ticket.problem.${figures.stopsProblem}`) : undefined;
  const sideName = side === ORDER_BUY ? 'buy' : 'sell';
  const stopLimit = kind === 'pending' && ticket.pendingType === 'stop_limit';
  // A named type's price on the wrong side, or a stop limit's limit past its stop; a missing price waits for the tap.
  const pendingError =
    ticket.pendingProblem && (ticket.pendingProblem === 'wrong_side' || ticket.pendingProblem === 'stop_limit_side')
      ? t(`ticket.problem.${ticket.pendingProblem}`, { kind: t(`trading.kind.${sideName}_${ticket.pendingType}`) })
      : undefined;
  // The worst fill a market order accepts: the price on the button moved against the trader by the deviation.
  const seen = side === ORDER_BUY ? ticket.quote.ask : ticket.quote.bid;
  const limit =
    ticket.deviation !== null && seen > 0
      ? price(toPoints(seen, precision) + (side === ORDER_BUY ? ticket.deviation : -ticket.deviation))
      : undefined;

  return (
    <section className="ticket" aria-labelledby="ticket-title" data-testid="order-ticket">
      <h2 id="ticket-title" className="visually-hidden">
        {t('ticket.title', { code })}
      </h2>

      <div className="ticket-sides" role="radiogroup" aria-label={t('ticket.side')}>
        {([ORDER_SELL, ORDER_BUY] as const).map((s) => {
          const name = s === ORDER_BUY ? 'buy' : 'sell';
          const selected = side === s;
          return (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={selected}
              className={`ticket-side is-${name}${selected ? ' is-selected' : ''}`}
              data-testid={`ticket-side-${name}`}
              disabled={oneTap && kind === 'market' && submit.isPending}
              data-one-tap={oneTap && kind === 'market' ? 'on' : undefined}
              onClick={() => onSide(s)}
            >
              <span className="ticket-side-label">{t(`trading.${name}`)}</span>
              <span className="ticket-side-price num price is-live">
                {formatPrice(s === ORDER_BUY ? ticket.quote.ask : ticket.quote.bid, precision, lang)}
              </span>
            </button>
          );
        })}
      </div>

      <Segmented<OrderKind>
        label={t('ticket.orderType')}
        value={kind}
        onChange={ticket.setKind}
        options={[
          { value: 'market', label: t('trading.market'), testId: 'ticket-kind-market' },
          { value: 'pending', label: t('trading.pending'), testId: 'ticket-kind-pending' },
        ]}
      />

      {kind === 'pending' && (
        <PendingTypeField
          side={side}
          type={ticket.pendingType}
          onChange={(s, type) => {
            ticket.setSide(s);
            ticket.setPendingType(type);
          }}
        />
      )}

      {kind === 'pending' && (
        <PriceField
          label={t(stopLimit ? 'ticket.stopPrice' : 'ticket.price')}
          value={ticket.priceText}
          onChange={ticket.setPriceText}
          precision={precision}
          step={ticket.priceStep}
          fallback={ticket.quote.lastClose}
          placeholder={ticket.quote.lastClose ? plainPrice(ticket.quote.lastClose, precision) : undefined}
          testId="ticket-price"
          invalid={ticket.pendingProblem === 'wrong_side'}
          hint={pendingError ?? t('ticket.pendingHint')}
        />
      )}

      {stopLimit && (
        <PriceField
          label={t('ticket.stopLimitPrice')}
          value={ticket.limitText}
          onChange={ticket.setLimitText}
          precision={precision}
          step={ticket.priceStep}
          fallback={ticket.quote.lastClose}
          placeholder={ticket.priceText || undefined}
          invalid={ticket.pendingProblem === 'stop_limit_side'}
          testId="ticket-stop-limit-price"
          hint={t(side === ORDER_BUY ? 'ticket.stopLimitHintBuy' : 'ticket.stopLimitHintSell')}
        />
      )}

      {kind === 'pending' && (
        <ExpiryField
          choice={ticket.expiry}
          onChoice={ticket.setExpiry}
          date={ticket.expiryDate}
          onDate={ticket.setExpiryDate}
          invalid={ticket.expiry === 'date' && ticket.expiryDate !== '' && ticket.expireAt === null}
        />
      )}

      <LotStepper
        value={ticket.lotsText}
        onChange={ticket.setLotsText}
        onStep={ticket.step}
        canLess={ticket.canLess}
        canMore={ticket.canMore}
        error={lotsError}
        hint={
          ticket.rules
            ? t('ticket.lotsHint', {
                min: formatQuantity(formatLots(ticket.rules.min), lang),
                max: formatQuantity(formatLots(ticket.rules.max), lang),
                step: formatQuantity(formatLots(ticket.rules.step), lang),
              })
            : undefined
        }
      />

      <LeveragePicker options={ticket.leverages} value={ticket.leverage} onChange={ticket.setLeverage} />

      {kind === 'market' && (
        <DeviationField
          value={ticket.deviationText}
          onChange={ticket.setDeviationText}
          onStep={ticket.stepDeviation}
          limit={limit}
          invalid={ticket.deviation === null}
        />
      )}

      <div className="ticket-levels">
        {(ticket.stopLoss.on || ticket.takeProfit.on) && (
          <div className="ticket-level-units">
            <span className="ticket-label" id="ticket-level-unit-label">
              {t('ticket.levelUnit')}
            </span>
            <Segmented<LevelUnit>
              label={t('ticket.levelUnit')}
              value={ticket.levelUnit}
              onChange={ticket.setLevelUnit}
              options={(['price', 'pips', 'money'] as const).map((u) => ({
                value: u,
                label: t(`ticket.unit.${u}`),
                testId: `ticket-unit-${u}`,
              }))}
            />
          </div>
        )}
        <LevelField
          name="stop-loss"
          label={t('trading.stopLoss')}
          level={ticket.stopLoss}
          unit={ticket.levelUnit}
          figures={figures.stopLoss}
          precision={precision}
          categoryId={item.CategoryId}
          lang={lang}
          onToggle={ticket.toggleStopLoss}
          onChange={ticket.setStopLossText}
          onStep={(d) => ticket.nudgeLevel('stop_loss', d)}
          invalid={figures.stopsProblem === 'stop_loss_side' || figures.stopsProblem === 'stop_loss_invalid'}
        />
        <LevelField
          name="take-profit"
          label={t('trading.takeProfit')}
          level={ticket.takeProfit}
          unit={ticket.levelUnit}
          figures={figures.takeProfit}
          precision={precision}
          categoryId={item.CategoryId}
          lang={lang}
          onToggle={ticket.toggleTakeProfit}
          onChange={ticket.setTakeProfitText}
          onStep={(d) => ticket.nudgeLevel('take_profit', d)}
          invalid={figures.stopsProblem === 'take_profit_side' || figures.stopsProblem === 'take_profit_invalid'}
        />
        <TrailingField value={ticket.trailingText} onChange={ticket.setTrailingText} />
        {stopsError && (
          <p className="ticket-error" role="alert" data-testid="ticket-stops-error">
            {stopsError}
          </p>
        )}
      </div>

      <dl className="ticket-figures" aria-label={t('ticket.figures')} data-testid="ticket-figures">
        <Figure label={t('trading.margin')} value={money(figures.margin)} unit="USD" testId="ticket-margin" />
        <Figure label={t('trading.fee')} value={money(figures.fee)} unit="USD" testId="ticket-fee" />
        {figures.commission !== null && figures.commission > 0n && (
          <Figure label={t('trading.commission')} value={money(figures.commission)} unit="USD" testId="ticket-commission" />
        )}
        <Figure label={t('ticket.pipValue')} value={money(figures.pipValue)} unit="USD" testId="ticket-pip-value" />
        <Figure
          label={t('ticket.stopOut')}
          value={
            ticket.account && figures.stopOutPoints === null && figures.margin !== null
              ? t('ticket.unreachable')
              : ticket.account
                ? price(figures.stopOutPoints)
                : '--'
          }
          text={Boolean(ticket.account) && figures.stopOutPoints === null && figures.margin !== null}
          testId="ticket-stop-out"
        />
        <Figure label={t('ticket.freeMargin')} value={money(figures.freeMargin)} unit="USD" testId="ticket-free-margin" />
      </dl>
      {/* The account as MT5 shows it (DESIGN §17), live from the pushes. */}
      {ticket.account && <AccountFigures summary={ticket.account} testId="ticket-account" without={['free-margin']} />}

      <p className="ticket-risk" data-testid="ticket-risk-warning">
        {t('ticket.riskWarning')}
      </p>

      {/* Always on screen (issue 20 point 4): the ticket scrolls under it, the button stays above the tab bar. */}
      <div className="ticket-footer" data-testid="ticket-footer">
        {short && (
          <p className="ticket-warning" role="status" data-testid="ticket-margin-warning">
            {t('ticket.marginShort', {
              need: money(micros((figures.margin ?? 0n) + (figures.fee ?? 0n) + (figures.commission ?? 0n))),
              free: money(figures.freeMargin),
            })}
          </p>
        )}
        <button
          type="button"
          className={`btn btn-block ticket-submit is-${sideName}`}
          disabled={!figures.open || submit.isPending}
          {...gatedProps(gate.open)}
          data-testid="ticket-submit"
          onClick={() => void onSubmit()}
        >
          {!figures.open
            ? t('ticket.closed')
            : !gate.open
              ? t('ticket.notLive')
              : t(side === ORDER_BUY ? 'ticket.submitBuy' : 'ticket.submitSell', { code })}
        </button>
        {!ticket.loggedIn && figures.open && <p className="ticket-note">{t('ticket.loginHint')}</p>}
      </div>

      {placed && (
        <Suspense fallback={null}>
          <OrderPlaced
            order={placed}
            onClose={() => setPlaced(null)}
            onViewOrders={() => {
              setPlaced(null);
              void navigate('/order');
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

function Figure({
  label,
  value,
  unit,
  text = false,
  testId,
}: {
  label: string;
  value: string;
  unit?: string;
  /** A word rather than a number (it then reads in the language's direction). */
  text?: boolean;
  testId: string;
}) {
  return (
    <div className="ticket-figure">
      <dt>{label}</dt>
      <dd className={text ? 'ticket-figure-text' : undefined} data-testid={testId}>
        {text ? value : <span className="num price">{value}</span>}
        {unit && value !== '--' && <span className="ticket-unit"> {unit}</span>}
      </dd>
    </div>
  );
}
