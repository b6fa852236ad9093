import { useEffect, useRef } from 'react';
import { directionOf, formatPercent, formatPrice } from '../../i18n/format.ts';
import { useSettingsStore } from '../store/settings.store.ts';
import { useQuote } from './use-quote.ts';
import './market.css';

/** How long a price change stays highlighted (DESIGN §9 "brief flash"). */
export const FLASH_MS = 400;

/** One media query for every price (it follows the setting as it changes), made on the first flash. */
let reducedMotionQuery: MediaQueryList | undefined;
const reducedMotion = () => (reducedMotionQuery ??= window.matchMedia?.('(prefers-reduced-motion: reduce)'))?.matches ?? false;

export function toneClass(change: number | null | undefined): string {
  const dir = directionOf(change);
  return dir > 0 ? 'tone-up' : dir < 0 ? 'tone-down' : 'tone-flat';
}

/**
 * The live last price of an instrument in its precision, with tabular figures and a brief flash, in the rise or
 * fall colour, when it changes. Subscribes to its own instrument only.
 */
export function LivePrice({
  forexId,
  precision,
  fallback,
  toned = false,
  paused = false,
  className,
  testId,
}: {
  forexId: number;
  precision: number;
  /** The price to show before any quote is known. */
  fallback?: number;
  /** Colour the price by the day's change. */
  toned?: boolean;
  /** Stop following the price (out of sight); the newest one shows when it resumes. */
  paused?: boolean;
  className?: string;
  testId?: string;
}) {
  const lang = useSettingsStore((s) => s.lang);
  const quote = useQuote(forexId, paused);
  const close = quote?.close ?? fallback;
  const ref = useRef<HTMLSpanElement>(null);
  const previous = useRef(close);

  useEffect(() => {
    const before = previous.current;
    previous.current = close;
    const el = ref.current;
    if (!el || before === undefined || close === undefined || before === close) return;
    // A Web Animation restarts on every tick without forcing a layout (restarting a CSS animation needs one), and an
    // opacity animation runs on the compositor: no style, layout or paint on the main thread for its frames.
    el.dataset.flash = close > before ? 'up' : 'down';
    el.animate?.([{ opacity: 1 }, { opacity: 0 }], {
      duration: reducedMotion() ? FLASH_MS / 2 : FLASH_MS,
      easing: 'ease-out',
      pseudoElement: '::before',
    });
  }, [close]);

  // `is-live`: dimmed while the prices are not live (connection-banner.css).
  const classes = ['num', 'price', 'is-live', toned ? toneClass(quote?.change) : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span ref={ref} className={classes} data-testid={testId}>
      {formatPrice(close, precision, lang)}
    </span>
  );
}

/** The live percent change over the session, signed, coloured up or down; `pill` draws it as a filled badge. */
export function LiveChange({
  forexId,
  fallback,
  pill = false,
  paused = false,
  className,
  testId,
}: {
  forexId: number;
  fallback?: number;
  pill?: boolean;
  /** Stop following the change (out of sight); the newest one shows when it resumes. */
  paused?: boolean;
  className?: string;
  testId?: string;
}) {
  const lang = useSettingsStore((s) => s.lang);
  const quote = useQuote(forexId, paused);
  const change = quote?.change ?? fallback;
  const tone = toneClass(change);
  const classes = ['num', 'change', 'is-live', pill ? `change-pill ${tone}-bg` : tone, className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes} data-testid={testId}>
      <bdi>{formatPercent(change, lang)}</bdi>
    </span>
  );
}
