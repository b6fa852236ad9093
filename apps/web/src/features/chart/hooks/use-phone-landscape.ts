import { useSyncExternalStore } from 'react';

/**
 * A phone turned sideways (DESIGN §17: "the full-screen and landscape chart has Buy/Sell and lots"): a touch screen
 * in landscape too short for the chart and the ticket one above the other. A desktop window of that shape is not one.
 */
export const PHONE_LANDSCAPE_QUERY = '(orientation: landscape) and (max-height: 500px) and (pointer: coarse)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(PHONE_LANDSCAPE_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const snapshot = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_LANDSCAPE_QUERY).matches;

/** Whether the window is a phone in landscape now, following each turn. */
export function usePhoneLandscape(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/**
 * Whether the chart fills the window: the trader asked for full screen, or the phone is sideways and the trader has not
 * left the chart since it turned (`leftWhileSideways`).
 */
export const chartFills = (fullScreen: boolean, phoneLandscape: boolean, leftWhileSideways: boolean): boolean =>
  fullScreen || (phoneLandscape && !leftWhileSideways);
