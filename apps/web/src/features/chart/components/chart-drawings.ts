import type {
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  PrimitivePaneViewZOrder,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts';
import type { ChartDrawing } from '../hooks/chart-layout.ts';
import { FIB_LEVELS, fibPrice, rayEnd, type Px } from '../hooks/drawing-geometry.ts';

type CanvasRenderingTarget2D = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** How anchors reach the screen, and the words and sizes the drawings are drawn with. */
export interface DrawingProjection {
  /** The anchor's place on the main pane, or null when the chart cannot place it yet (no bars, no scale). */
  toPx(point: { time: number; price: number }): Px | null;
  formatPrice(price: number): string;
  /** Bigger handles for a finger. */
  touch(): boolean;
}

export const TEXT_FONT = '12px system-ui, sans-serif';
const TEXT_PAD = 4;

/** The size of a text drawing's label (for hit testing, as drawn). */
export function textBox(ctx: CanvasRenderingContext2D | null, text: string): { width: number; height: number } {
  if (!ctx) return { width: Math.max(24, text.length * 7) + TEXT_PAD * 2, height: 18 };
  ctx.font = TEXT_FONT;
  return { width: Math.ceil(ctx.measureText(text).width) + TEXT_PAD * 2, height: 18 };
}

/**
 * The trader's drawings as a lightweight-charts series primitive (the library's plugin interface, DESIGN §17): one
 * pane view on top of the main series whose renderer draws every drawing in CSS pixels from its anchors (time and
 * price), the selected one with its handles, and the one being drawn or moved in its place.
 */
export class DrawingsPrimitive implements ISeriesPrimitive<Time> {
  drawings: readonly ChartDrawing[] = [];
  selected: string | null = null;
  /** The drawing being made or moved, drawn instead of its stored self. */
  live: ChartDrawing | null = null;
  private param: SeriesAttachedParameter<Time> | null = null;
  private readonly view: IPrimitivePaneView;

  constructor(private readonly projection: DrawingProjection) {
    const renderer: IPrimitivePaneRenderer = { draw: (target) => this.draw(target) };
    this.view = { zOrder: (): PrimitivePaneViewZOrder => 'top', renderer: () => renderer };
  }

  attached(param: SeriesAttachedParameter<Time>): void {
    this.param = param;
  }

  detached(): void {
    this.param = null;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return [this.view];
  }

  /** Asks the chart to draw again (after the drawings, the selection or the live drawing changed). */
  redraw(): void {
    this.param?.requestUpdate();
  }

  private draw(target: CanvasRenderingTarget2D): void {
    target.useMediaCoordinateSpace(({ context: ctx, mediaSize }) => {
      const list = this.live ? [...this.drawings.filter((d) => d.key !== this.live!.key), this.live] : this.drawings;
      for (const d of list) this.drawOne(ctx, d, mediaSize.width, mediaSize.height, d.key === this.selected || d === this.live);
    });
  }

  private drawOne(ctx: CanvasRenderingContext2D, d: ChartDrawing, width: number, height: number, selected: boolean): void {
    const px = d.points.map((p) => this.projection.toPx(p));
    if (px.some((p) => p === null)) return;
    const [a, b] = px as Px[];
    if (!a) return;
    ctx.save();
    ctx.strokeStyle = d.color;
    ctx.fillStyle = d.color;
    ctx.lineWidth = selected ? 2 : 1.5;
    const line = (p: Px, q: Px) => {
      ctx.beginPath();
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(q.x, q.y);
      ctx.stroke();
    };
    const label = (text: string, x: number, y: number) => {
      ctx.font = TEXT_FONT;
      ctx.textBaseline = 'bottom';
      ctx.fillText(text, x, y - 2);
    };
    switch (d.kind) {
      case 'hline':
        line({ x: 0, y: a.y }, { x: width, y: a.y });
        label(this.projection.formatPrice(d.points[0]!.price), 4, a.y);
        break;
      case 'trend':
        line(a, b!);
        break;
      case 'ray':
        line(a, rayEnd(a, b!, width, height));
        break;
      case 'rect': {
        const x = Math.min(a.x, b!.x);
        const y = Math.min(a.y, b!.y);
        const w = Math.abs(a.x - b!.x);
        const h = Math.abs(a.y - b!.y);
        ctx.globalAlpha = 0.15;
        ctx.fillRect(x, y, w, h);
        ctx.globalAlpha = 1;
        ctx.strokeRect(x, y, w, h);
        break;
      }
      case 'fib': {
        const x0 = Math.min(a.x, b!.x);
        const x1 = Math.max(a.x, b!.x);
        ctx.setLineDash([4, 3]);
        line(a, b!);
        ctx.setLineDash([]);
        // Labels where they fit: every level when the closest two are a line of text apart, else the ends only.
        const span = Math.abs(a.y - b!.y);
        const labelled = span * 0.118 >= 13 ? FIB_LEVELS : span >= 26 ? [0, 1] : [];
        for (const level of FIB_LEVELS) {
          const y = fibPrice(a.y, b!.y, level);
          line({ x: x0, y }, { x: x1, y });
          if (!labelled.includes(level)) continue;
          const price = fibPrice(d.points[0]!.price, d.points[1]!.price, level);
          label(`${(level * 100).toFixed(1)}%  ${this.projection.formatPrice(price)}`, x0 + 2, y);
        }
        break;
      }
      case 'text': {
        const box = textBox(ctx, d.text ?? '');
        ctx.globalAlpha = 0.12;
        ctx.fillRect(a.x, a.y - box.height, box.width, box.height);
        ctx.globalAlpha = 1;
        if (selected) ctx.strokeRect(a.x, a.y - box.height, box.width, box.height);
        ctx.font = TEXT_FONT;
        ctx.textBaseline = 'middle';
        ctx.fillText(d.text ?? '', a.x + TEXT_PAD, a.y - box.height / 2);
        break;
      }
    }
    if (selected && d.kind !== 'hline') {
      const r = this.projection.touch() ? 7 : 5;
      ctx.lineWidth = 2;
      for (const p of px as Px[]) {
        ctx.beginPath();
        ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
        ctx.fillStyle = '#ffffff';
        ctx.fill();
        ctx.stroke();
      }
    }
    ctx.restore();
  }
}
