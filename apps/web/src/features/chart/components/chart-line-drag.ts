import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';
import { lineAt, snapPrice } from '../hooks/order-lines.ts';

/**
 * Dragging horizontal lines of the chart up and down (lightweight-charts' price lines cannot be dragged by
 * themselves): pointer events on the chart's element, hit-tested against where each line is drawn
 * (`priceToCoordinate`), the pointer's height read back as a price (`coordinateToPrice`) on the instrument's grid.
 * While a line is held the chart's own scrolling and scaling are off and its mouse and touch events are kept from it,
 * so the chart does not pan under the finger. Generic over what the lines are (orders' levels today, alerts later).
 */

export interface DragTarget {
  key: string;
  price: number;
  draggable: boolean;
}

export interface LineDragOptions {
  container: HTMLElement;
  chart: IChartApi;
  /** The main series (replaced when the chart type changes). */
  series(): ISeriesApi<SeriesType> | null;
  precision(): number;
  targets(): readonly DragTarget[];
  /** The line is held and follows the pointer at `price`. */
  onMove(key: string, price: number): void;
  /** Released at `price` (a level other than where it started). */
  onDrop(key: string, price: number): void;
  /** Released where it started, or the gesture was cancelled: the line goes back. */
  onCancel(key: string): void;
  /**
   * The line under a mouse pointer (null when none) and the price at the pointer's height, for the cursor and the
   * tests (which check a line's level against the scale the chart draws now, not a pixel remembered from before).
   */
  onHover?(key: string | null, price: number | null): void;
}

/** How far from a line a press still takes it, in CSS pixels: a generous touch target, a finer one for a mouse. */
export const TOUCH_TOLERANCE = 14;
export const MOUSE_TOLERANCE = 8;

/** Attaches the drag to the chart's element; returns the detacher. */
export function attachLineDrag(o: LineDragOptions): () => void {
  const { container, chart } = o;
  let held: { key: string; pointerId: number; start: number; price: number } | null = null;
  let saved: { handleScroll: unknown; handleScale: unknown } | null = null;
  let hover: string | null = null;
  let hoverPrice: number | null = null;

  /** The pointer's height over the main pane, or null when it is outside it (the time axis, a lower pane). */
  const paneY = (e: { clientX: number; clientY: number }): number | null => {
    const rect = container.getBoundingClientRect();
    const y = e.clientY - rect.top;
    const height = chart.panes()[0]?.getHeight() ?? rect.height;
    if (y < 0 || y > height || e.clientX < rect.left || e.clientX > rect.right) return null;
    return y;
  };
  const hit = (e: PointerEvent, y = paneY(e)): DragTarget | null => {
    const series = o.series();
    if (!series || y === null) return null;
    const tolerance = e.pointerType === 'mouse' ? MOUSE_TOLERANCE : TOUCH_TOLERANCE;
    return lineAt(o.targets(), y, (price) => series.priceToCoordinate(price), tolerance);
  };
  /** The price at a height over the main pane, on the instrument's grid (null before the series has a scale). */
  const priceAt = (y: number): number | null => snapPrice(o.series()?.coordinateToPrice(y) ?? null, o.precision());
  const setHover = (key: string | null, price: number | null) => {
    if (key === hover && price === hoverPrice) return;
    hover = key;
    hoverPrice = price;
    container.classList.toggle('is-line-hover', key !== null);
    o.onHover?.(key, price);
  };

  const release = () => {
    if (saved) chart.applyOptions(saved as Parameters<IChartApi['applyOptions']>[0]);
    saved = null;
    container.classList.remove('is-line-drag');
    const h = held;
    held = null;
    if (h && container.hasPointerCapture(h.pointerId)) container.releasePointerCapture(h.pointerId);
    return h;
  };

  const onPointerDown = (e: PointerEvent) => {
    if (held || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const target = hit(e);
    if (!target) return;
    e.preventDefault();
    e.stopPropagation();
    held = { key: target.key, pointerId: e.pointerId, start: target.price, price: target.price };
    const options = chart.options();
    saved = { handleScroll: options.handleScroll, handleScale: options.handleScale };
    chart.applyOptions({ handleScroll: false, handleScale: false });
    container.classList.add('is-line-drag');
    container.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (!held) {
      if (e.pointerType === 'mouse' && e.buttons === 0) {
        const y = paneY(e);
        const key = hit(e, y)?.key ?? null;
        setHover(key, key === null || y === null ? null : priceAt(y));
      }
      return;
    }
    if (e.pointerId !== held.pointerId) return;
    e.preventDefault();
    const rect = container.getBoundingClientRect();
    const height = chart.panes()[0]?.getHeight() ?? rect.height;
    const price = priceAt(Math.min(Math.max(e.clientY - rect.top, 0), height));
    if (price === null || price === held.price) return;
    held.price = price;
    o.onMove(held.key, price);
  };
  const onPointerUp = (e: PointerEvent) => {
    if (!held || e.pointerId !== held.pointerId) return;
    const h = release();
    if (!h) return;
    if (h.price === h.start) o.onCancel(h.key);
    else o.onDrop(h.key, h.price);
  };
  const onPointerCancel = (e: PointerEvent) => {
    if (!held || e.pointerId !== held.pointerId) return;
    const h = release();
    if (h) o.onCancel(h.key);
  };
  // The chart listens to mouse and touch events on its own elements: while a line is held they stop here.
  const guard = (e: Event) => {
    if (!held) return;
    e.stopPropagation();
    if (e.cancelable && e.type.startsWith('touch')) e.preventDefault();
  };
  const onLeave = () => {
    if (!held) setHover(null, null);
  };

  container.addEventListener('pointerdown', onPointerDown, { capture: true });
  container.addEventListener('pointermove', onPointerMove, { capture: true });
  container.addEventListener('pointerup', onPointerUp, { capture: true });
  container.addEventListener('pointercancel', onPointerCancel, { capture: true });
  container.addEventListener('pointerleave', onLeave);
  const guarded = ['mousedown', 'mousemove', 'mouseup', 'touchstart', 'touchmove', 'touchend', 'wheel'] as const;
  for (const type of guarded) container.addEventListener(type, guard, { capture: true, passive: false });
  return () => {
    const h = release();
    if (h) o.onCancel(h.key);
    setHover(null, null);
    container.removeEventListener('pointerdown', onPointerDown, { capture: true });
    container.removeEventListener('pointermove', onPointerMove, { capture: true });
    container.removeEventListener('pointerup', onPointerUp, { capture: true });
    container.removeEventListener('pointercancel', onPointerCancel, { capture: true });
    container.removeEventListener('pointerleave', onLeave);
    for (const type of guarded) container.removeEventListener(type, guard, { capture: true });
  };
}
