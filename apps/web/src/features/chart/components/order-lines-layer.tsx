import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { IChartApi, IPriceLine, ISeriesApi, LineStyle, SeriesType } from 'lightweight-charts';
import type { TradeItem } from '@tradepad/contracts/market/constants';
import { STATUS_HOLDING, type OrderView } from '@tradepad/contracts/trading/constants';
import type { QuoteLookup } from '@tradepad/domain/conversion';
import { formatMoney as formatMicros } from '@tradepad/domain/money';
import { priceToPoints } from '@tradepad/domain/price';
import { formatDecimal, formatPrice, formatQuantity } from '../../../i18n/format.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useSetPendingPrice, useSetStops } from '../../../shared/api/order-levels.api.ts';
import { useTradeList } from '../../../shared/api/trade-list.api.ts';
import { quoteStore } from '../../../shared/market/quote-store.ts';
import { useUpDown } from '../../../shared/market/up-down.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { liveOrders } from '../../../shared/trading/account-feed.ts';
import { kindKey, plTone, sideKey, signed } from '../../../shared/trading/order-text.ts';
import { passGate } from '../../../shared/ui/trade-gate.ts';
import { useChartOrders } from '../api/chart-orders.api.ts';
import {
  dragFigures,
  isStopLimitOrder,
  levelParam,
  levelTitle,
  linesOf,
  onAxis,
  pendingTitle,
  type LineKind,
  type OrderLine,
} from '../hooks/order-lines.ts';
import { attachLineDrag } from './chart-line-drag.ts';

/**
 * lightweight-charts' line styles by value (`LineStyle` is a const enum of the library: importing its value would pull
 * the library into this chunk, which only borrows the chart's).
 */
const SOLID = 0 as LineStyle;
const DASHED = 2 as LineStyle;
const LARGE_DASHED = 3 as LineStyle;

/** What the layer needs of the chart: the chart, its main series (replaced with the chart type) and its element. */
export interface ChartHandle {
  chart: IChartApi;
  series: ISeriesApi<SeriesType>;
}

/** The app's colours (CSS variables, so a theme changes them) as the chart's canvas needs them: plain strings. */
function paletteOf(el: HTMLElement) {
  const css = getComputedStyle(el);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    up: read('--tp-up', '#067647'),
    down: read('--tp-down', '#c8261b'),
    flat: read('--tp-text-3', '#5b6678'),
    pending: read('--tp-primary', '#1849d6'),
    labelText: read('--tp-surface', '#ffffff'),
  };
}
type Palette = ReturnType<typeof paletteOf>;

/** Converts other instruments' live bids for USD conversion (EURGBP's P/L needs GBPUSD). */
function lookupIn(items: readonly TradeItem[] | undefined): QuoteLookup {
  const byCode = new Map((items ?? []).map((i) => [i.Code, i]));
  return (code) => {
    const other = byCode.get(code);
    if (!other) return undefined;
    const bid = quoteStore.get(other.Id)?.bid ?? other.Bid;
    if (!(bid > 0)) return undefined;
    return { bid: priceToPoints(bid.toFixed(other.PricePrecision), other.PricePrecision), precision: other.PricePrecision };
  };
}

/**
 * The trader's orders on the chart (issue 20 point 5), loaded with the first signed-in view of the chart: a line at
 * each open position's entry (its side, lots and live P/L, coloured by the P/L), at each pending order's price, and at
 * each stop-loss and take-profit. A stop-loss, take-profit or pending price can be dragged up or down; on release the
 * trader confirms the new level (its distance from the market and the result if it is reached) and the app moves it
 * with the same calls as the order's sheet, which stays the keyboard and screen-reader path. A refused level is
 * toasted with the server's message and the line goes back.
 */
export default function OrderLinesLayer({
  handle,
  seriesVersion,
  container,
  item,
}: {
  handle: RefObject<ChartHandle | null>;
  /** Bumped when the main series is replaced (the lines are drawn again on the new one). */
  seriesVersion: number;
  container: RefObject<HTMLDivElement | null>;
  item: TradeItem;
}) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const upDown = useUpDown();
  const orders = useChartOrders(item.Id, true);
  const tradeList = useTradeList();
  const setStops = useSetStops();
  const setPendingPrice = useSetPendingPrice();

  const lines = useMemo(() => linesOf(orders, item.Id), [orders, item.Id]);
  const byId = useMemo(() => new Map(orders.map((o) => [o.Id, o])), [orders]);
  const lookup = useMemo(() => lookupIn(tradeList.data), [tradeList.data]);

  // Everything the chart's callbacks read, current at all times.
  const state = useRef({
    lines,
    byId,
    item,
    t,
    lang,
    lookup,
    /** Levels shown instead of the order's own while held or waiting for the trader's answer (or the server's). */
    override: new Map<string, number>(),
    drawn: new Map<string, IPriceLine>(),
    series: null as ISeriesApi<SeriesType> | null,
    palette: null as Palette | null,
    held: null as string | null,
  });
  const s = state.current;
  s.lines = lines;
  s.byId = byId;
  s.item = item;
  s.t = t;
  s.lang = lang;
  s.lookup = lookup;

  /** The label and colour of a line, with the live P/L of a position and, while a level is held, its result. */
  const look = (line: OrderLine, price: number) => {
    const { t: tr, lang: lg, byId: orders, palette } = state.current;
    const p = palette ?? paletteOf(container.current ?? document.documentElement);
    const order = orders.get(line.orderId);
    if (!order) return { title: '', color: p.flat };
    const lots = formatQuantity(order.Quantity, lg);
    if (line.kind === 'entry') {
      const profit = liveOrders.get(order.Id)?.FactProfits ?? order.FactProfits;
      const tone = plTone(profit);
      return {
        title: `${tr(sideKey(order))} ${lots}  ${signed(profit, formatDecimal(profit, lg))}`,
        color: tone === 'tone-up' ? p.up : tone === 'tone-down' ? p.down : p.flat,
      };
    }
    if (line.kind === 'pending') {
      const limit = isStopLimitOrder(order)
        ? formatPrice(order.StopLimitPrice, state.current.item.PricePrecision, lg)
        : undefined;
      return { title: pendingTitle(tr(kindKey(order)), lots, limit), color: p.pending };
    }
    if (line.kind === 'limit')
      return {
        title: levelTitle(tr('chart.lines.limit'), formatPrice(price, state.current.item.PricePrecision, lg)),
        color: p.pending,
      };
    const name = tr(line.kind === 'sl' ? 'chart.lines.sl' : 'chart.lines.tp');
    const color = line.kind === 'sl' ? p.down : p.up;
    const level = formatPrice(price, state.current.item.PricePrecision, lg);
    if (state.current.held !== line.key) return { title: levelTitle(name, level), color };
    const { result } = figuresOf(order, line.kind, price);
    if (result === null) return { title: levelTitle(name, level), color };
    const text = formatMicros(result, 2);
    return { title: levelTitle(name, level, signed(text, formatDecimal(text, lg))), color };
  };
  const figuresOf = (order: OrderView, kind: LineKind, price: number) => {
    const { item: it, lookup } = state.current;
    const q = quoteStore.get(it.Id);
    return dragFigures(order, kind, price, it, q ? { bid: q.bid, ask: q.ask } : { bid: it.Bid, ask: it.Ask }, lookup);
  };

  /** Draws the lines on the current series: moved, added or removed to match the orders. */
  const draw = () => {
    const st = state.current;
    const series = handle.current?.series ?? null;
    if (series !== st.series) {
      // A new series (the chart type changed, or the chart was made again): its lines start afresh. The old series'
      // lines went with it; a removed series or chart is never touched again.
      st.drawn.clear();
      st.series = series;
    }
    if (!series) return;
    const keep = new Set<string>();
    for (const line of st.lines) {
      keep.add(line.key);
      const price = st.override.get(line.key) ?? line.price;
      const { title, color } = look(line, price);
      const held = st.held === line.key;
      const options = {
        price,
        color,
        title,
        lineWidth: (held || line.kind === 'entry' ? 2 : 1) as 1 | 2,
        lineStyle: line.kind === 'entry' ? SOLID : line.kind === 'pending' ? DASHED : LARGE_DASHED,
        axisLabelVisible: onAxis(line.kind),
        axisLabelColor: color,
        axisLabelTextColor: st.palette?.labelText ?? '#ffffff',
        lineVisible: true,
      };
      const drawn = st.drawn.get(line.key);
      if (drawn) drawn.applyOptions(options);
      else st.drawn.set(line.key, series.createPriceLine(options));
    }
    for (const [key, line] of st.drawn) {
      if (keep.has(key)) continue;
      safeRemove(series, line);
      st.drawn.delete(key);
      st.override.delete(key);
    }
    if (container.current) container.current.dataset.orderLines = String(st.drawn.size);
  };
  const drawRef = useRef(draw);
  drawRef.current = draw;

  // The colours follow the theme and the up/down convention; the lines follow the orders and the series.
  useEffect(() => {
    if (container.current) state.current.palette = paletteOf(container.current);
    drawRef.current();
  }, [lines, byId, lang, upDown, seriesVersion, container]);

  // A theme or convention switched while the chart shows (attributes and classes on <html>): the colours are read again.
  useEffect(() => {
    const el = container.current;
    if (!el || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => {
      state.current.palette = paletteOf(el);
      drawRef.current();
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme', 'data-updown'] });
    return () => observer.disconnect();
  }, [container]);

  // A position's P/L moves with the account pushes: its entry line's label and colour follow.
  useEffect(() => {
    const offs = orders
      .filter((o) => o.Status === STATUS_HOLDING)
      .map((o) => liveOrders.subscribe(o.Id, () => drawRef.current()));
    return () => offs.forEach((off) => off());
  }, [orders]);

  // Lines go with the layer (signed out, another instrument).
  useEffect(
    () => () => {
      const st = state.current;
      // Only from a series still on the chart (the chart may have been removed before this layer).
      if (st.series && handle.current?.series === st.series) for (const line of st.drawn.values()) safeRemove(st.series, line);
      st.drawn.clear();
      st.series = null;
      if (container.current) delete container.current.dataset.orderLines;
    },
    [container, handle],
  );

  // Dragging a level, then asking before moving it: attached to the chart once it is there (checked again whenever
  // the lines or the series change, since the chart may come after this layer), detached with the layer.
  const attached = useRef<{ chart: IChartApi; detach(): void } | null>(null);
  useEffect(
    () => () => {
      attached.current?.detach();
      attached.current = null;
    },
    [],
  );
  useEffect(() => {
    const el = container.current;
    const chart = handle.current?.chart;
    if (!el || !chart || attached.current?.chart === chart) return;
    attached.current?.detach();
    const st = state.current;
    const back = (key: string) => {
      st.override.delete(key);
      if (st.held === key) st.held = null;
      drawRef.current();
    };
    const confirmMove = async (key: string, price: number) => {
      const line = st.lines.find((l) => l.key === key);
      const order = line && st.byId.get(line.orderId);
      if (!line || !order || line.kind === 'entry') return back(key);
      const { t: tr, lang: lg, item: it } = st;
      const precision = it.PricePrecision;
      // The confirmation (with antd-mobile's dialog) loads with the first drop.
      const { confirmLineMove } = await import('./line-confirm.tsx');
      const ok = await confirmLineMove({
        t: tr,
        lang: lg,
        item: it,
        order,
        kind: line.kind,
        from: line.price,
        to: price,
        figures: figuresOf(order, line.kind, price),
      });
      st.held = null;
      if (!ok || !passGate()) return back(key);
      drawRef.current();
      try {
        const level = levelParam(price, precision);
        if (line.kind === 'pending') await setPendingPrice.mutateAsync({ id: order.Id, price: level });
        // A trailing stop keeps trailing (its distance is not sent): it moves on from the new level.
        else if (line.kind === 'sl') await setStops.mutateAsync({ id: order.Id, stop_loss_price: level });
        else await setStops.mutateAsync({ id: order.Id, target_profit_price: level });
        // The call's answer refetched the lists (the mutation waits for it): the order now holds the new level.
        st.override.delete(key);
        drawRef.current();
      } catch {
        // The API client showed the server's message; the line goes back.
        back(key);
      }
    };
    const detach = attachLineDrag({
      container: el,
      chart,
      series: () => handle.current?.series ?? null,
      precision: () => st.item.PricePrecision,
      targets: () => st.lines.filter((l) => !st.override.has(l.key) || st.held === l.key),
      onMove: (key, price) => {
        st.held = key;
        st.override.set(key, price);
        drawRef.current();
      },
      onDrop: (key, price) => {
        st.override.set(key, price);
        drawRef.current();
        void confirmMove(key, price);
      },
      onCancel: back,
      onHover: (key, price) => {
        if (key) el.dataset.lineHover = key;
        else delete el.dataset.lineHover;
        if (key && price !== null) el.dataset.lineHoverPrice = String(price);
        else delete el.dataset.lineHoverPrice;
      },
    });
    attached.current = { chart, detach };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attached once per chart; it reads the state ref
  }, [handle, container, lines, seriesVersion]);

  return null;
}

function safeRemove(series: ISeriesApi<SeriesType>, line: IPriceLine) {
  try {
    series.removePriceLine(line);
  } catch {
    // The series was removed with its lines.
  }
}
