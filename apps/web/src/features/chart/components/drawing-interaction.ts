import type { IChartApi } from 'lightweight-charts';
import type { ChartDrawing, DrawingKind } from '../hooks/chart-layout.ts';
import { hitDrawing, type DrawingPart, type HitShape, type Px } from '../hooks/drawing-geometry.ts';
import type { DrawingsPrimitive } from './chart-drawings.ts';

type Anchor = ChartDrawing['points'][number];

export interface DrawingInteractionOptions {
  container: HTMLElement;
  chart: IChartApi;
  primitive: DrawingsPrimitive;
  toPx(point: Anchor): Px | null;
  fromPx(px: Px): Anchor | null;
  drawings(): readonly ChartDrawing[];
  /** A drawing's shape on screen as hit testing needs it (text: its label's size). */
  shapeOf(drawing: ChartDrawing, px: Px[]): HitShape;
  tool(): DrawingKind | null;
  selected(): string | null;
  select(key: string | null): void;
  /** A new drawing of `kind` at its first anchor (key, colour, text). */
  make(kind: DrawingKind, at: Anchor): ChartDrawing;
  /** A finished new drawing: stored, the tool put down. */
  create(drawing: ChartDrawing): void;
  /** A drawing moved (or one of its anchors). */
  move(key: string, points: Anchor[]): void;
}

/** Press tolerance in CSS pixels: generous for a finger, finer for a mouse. */
const TOUCH_TOLERANCE = 16;
const MOUSE_TOLERANCE = 7;
/** A press that moves less than this is a tap (a two-point drawing then waits for its second tap). */
const TAP = 5;

/**
 * Making, selecting and moving drawings with a mouse or a finger (DESIGN §17): pointer events on the chart's element,
 * taken before the chart's own (capture) only when they are the drawings' (a tool is chosen, or a drawing is under
 * the pointer); the chart's scrolling and scaling are off while a drawing is held, so it does not pan under the
 * finger. A two-point drawing is dragged out, or placed with two taps. Returns the detacher.
 */
export function attachDrawingInteraction(o: DrawingInteractionOptions): () => void {
  const { container, chart, primitive } = o;
  type Held =
    | { mode: 'create'; pointerId: number; start: Px; drawing: ChartDrawing; dragged: boolean }
    | { mode: 'move'; pointerId: number; start: Px; drawing: ChartDrawing; part: DrawingPart; origin: Px[] };
  let held: Held | null = null;
  /** A two-point drawing placed by a tap, waiting for the second. */
  let waiting: ChartDrawing | null = null;
  let saved: { handleScroll: unknown; handleScale: unknown } | null = null;

  const local = (e: { clientX: number; clientY: number }): Px | null => {
    const rect = container.getBoundingClientRect();
    const p = { x: e.clientX - rect.left, y: e.clientY - rect.top };
    const height = chart.panes()[0]?.getHeight() ?? rect.height;
    const width = chart.timeScale().width();
    return p.x < 0 || p.y < 0 || p.y > height || p.x > width ? null : p;
  };
  const freeze = () => {
    if (saved) return;
    const options = chart.options();
    saved = { handleScroll: options.handleScroll, handleScale: options.handleScale };
    chart.applyOptions({ handleScroll: false, handleScale: false });
    container.classList.add('is-drawing-drag');
  };
  const thaw = () => {
    if (saved) chart.applyOptions(saved as Parameters<IChartApi['applyOptions']>[0]);
    saved = null;
    container.classList.remove('is-drawing-drag');
  };
  const hitAt = (p: Px, tolerance: number): { drawing: ChartDrawing; part: DrawingPart; px: Px[] } | null => {
    const list = o.drawings();
    const selected = o.selected();
    // The selected drawing first, then the newest on top.
    const order = [...list].sort(
      (x, y) => Number(y.key === selected) - Number(x.key === selected) || list.indexOf(y) - list.indexOf(x),
    );
    for (const d of order) {
      const px = d.points.map((pt) => o.toPx(pt));
      if (px.some((q) => q === null)) continue;
      const part = hitDrawing(o.shapeOf(d, px as Px[]), p, tolerance, d.key === selected);
      if (part) return { drawing: d, part, px: px as Px[] };
    }
    return null;
  };
  const stop = (e: Event) => {
    e.preventDefault();
    e.stopPropagation();
  };
  const setLive = (d: ChartDrawing | null) => {
    primitive.live = d;
    primitive.redraw();
  };
  const withPoint = (d: ChartDrawing, index: number, at: Anchor): ChartDrawing => ({
    ...d,
    points: d.points.map((pt, i) => (i === index ? at : pt)),
  });

  const onPointerDown = (e: PointerEvent) => {
    if (held || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const p = local(e);
    if (!p) return;
    const at = o.fromPx(p);
    if (waiting) {
      stop(e);
      if (at) o.create(withPoint(waiting, 1, at));
      waiting = null;
      setLive(null);
      return;
    }
    const tool = o.tool();
    if (tool && at) {
      stop(e);
      const drawing = o.make(tool, at);
      if (drawing.points.length === 1) {
        o.create(drawing);
        return;
      }
      held = { mode: 'create', pointerId: e.pointerId, start: p, drawing, dragged: false };
      freeze();
      container.setPointerCapture(e.pointerId);
      setLive(drawing);
      return;
    }
    const hit = hitAt(p, e.pointerType === 'mouse' ? MOUSE_TOLERANCE : TOUCH_TOLERANCE);
    if (!hit) {
      if (o.selected()) o.select(null);
      return;
    }
    stop(e);
    o.select(hit.drawing.key);
    held = { mode: 'move', pointerId: e.pointerId, start: p, drawing: hit.drawing, part: hit.part, origin: hit.px };
    freeze();
    container.setPointerCapture(e.pointerId);
  };

  const onPointerMove = (e: PointerEvent) => {
    if (waiting && !held) {
      const p = local(e);
      const at = p && o.fromPx(p);
      if (at) setLive(withPoint(waiting, 1, at));
      return;
    }
    if (!held || e.pointerId !== held.pointerId) return;
    e.preventDefault();
    const rect = container.getBoundingClientRect();
    const p = { x: e.clientX - rect.left, y: e.clientY - rect.top };
    if (held.mode === 'create') {
      if (Math.hypot(p.x - held.start.x, p.y - held.start.y) >= TAP) held.dragged = true;
      const at = o.fromPx(p);
      if (at) {
        held.drawing = withPoint(held.drawing, 1, at);
        setLive(held.drawing);
      }
      return;
    }
    const dx = p.x - held.start.x;
    const dy = p.y - held.start.y;
    let points: Array<Anchor | null>;
    if (held.part.part === 'handle') {
      const index = held.part.index;
      points = held.drawing.points.map((pt, i) => (i === index ? o.fromPx(p) : pt));
    } else points = held.origin.map((q) => o.fromPx({ x: q.x + dx, y: q.y + dy }));
    if (points.some((pt) => pt === null)) return;
    setLive({ ...held.drawing, points: points as Anchor[] });
  };

  const finish = (e: PointerEvent, cancelled: boolean) => {
    if (!held || e.pointerId !== held.pointerId) return;
    const h = held;
    held = null;
    thaw();
    if (container.hasPointerCapture(e.pointerId)) container.releasePointerCapture(e.pointerId);
    if (h.mode === 'create') {
      if (cancelled) setLive(null);
      else if (h.dragged) {
        setLive(null);
        o.create(h.drawing);
      } else waiting = h.drawing; // the second tap places the second point
      return;
    }
    const live = primitive.live;
    setLive(null);
    if (!cancelled && live && live.key === h.drawing.key) o.move(live.key, live.points);
  };
  const onPointerUp = (e: PointerEvent) => finish(e, false);
  const onPointerCancel = (e: PointerEvent) => finish(e, true);
  // The chart listens to mouse and touch events on its own elements: while a drawing is held they stop here.
  const guard = (e: Event) => {
    if (!held && !waiting && !o.tool()) return;
    e.stopPropagation();
    if (e.cancelable && e.type.startsWith('touch')) e.preventDefault();
  };
  const onHover = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse' || held) return;
    const p = local(e);
    container.classList.toggle('is-drawing-hover', !!o.tool() || (!!p && hitAt(p, MOUSE_TOLERANCE) !== null));
  };

  container.addEventListener('pointerdown', onPointerDown, { capture: true });
  container.addEventListener('pointermove', onPointerMove, { capture: true });
  container.addEventListener('pointermove', onHover);
  container.addEventListener('pointerup', onPointerUp, { capture: true });
  container.addEventListener('pointercancel', onPointerCancel, { capture: true });
  const guarded = ['mousedown', 'mouseup', 'touchstart', 'touchmove', 'touchend'] as const;
  for (const type of guarded) container.addEventListener(type, guard, { capture: true, passive: false });
  return () => {
    thaw();
    setLive(null);
    container.classList.remove('is-drawing-hover');
    container.removeEventListener('pointerdown', onPointerDown, { capture: true });
    container.removeEventListener('pointermove', onPointerMove, { capture: true });
    container.removeEventListener('pointermove', onHover);
    container.removeEventListener('pointerup', onPointerUp, { capture: true });
    container.removeEventListener('pointercancel', onPointerCancel, { capture: true });
    for (const type of guarded) container.removeEventListener(type, guard, { capture: true });
  };
}
