import { useEffect } from 'react';
import { API } from '@tradepad/contracts/api-paths';
import { apiGet, apiRequest } from '../../../shared/api/http-client.ts';
import { readJson, writeStorage } from '../../../shared/lib/storage.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';
import { legacyIndicators } from './chart-settings.ts';
import { emptyLayout, useChartLayout, type ChartLayout } from './chart-layout.ts';
import { newIndicator, sanitizeLayout } from './indicator-params.ts';

/** How long after the last change a layout is saved. */
export const SAVE_DELAY_MS = 800;
const localKey = (forexId: number) => `tradepad.chart.layout.${forexId}`;

/** A visitor's starting layout: the indicators this device chose before layouts were per instrument. */
function visitorDefault(): ChartLayout {
  const layout = emptyLayout();
  for (const type of legacyIndicators()) layout.indicators.push(newIndicator(type, layout.indicators));
  return layout;
}

/**
 * Loads the layout of the instrument shown and saves the trader's changes (DESIGN §17): a signed-in trader's from
 * and to the server (`chart/layout`, saved SAVE_DELAY_MS after the last change, and at once when the chart moves to
 * another instrument or closes, or the page is left or hidden: a reload or a closed tab right after a change keeps
 * it), a visitor's in this device's storage at every change.
 */
export function useChartLayoutSync(forexId: number): void {
  const loggedIn = useUserStore((s) => s.loggedIn);
  useEffect(() => {
    const store = useChartLayout.getState();
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: ChartLayout | null = null;
    if (loggedIn) {
      store.load(forexId, emptyLayout());
      const asked = store.revision;
      apiGet(API.chartLayout, { forex_id: forexId }, { silent: true })
        .then((answer) => {
          const now = useChartLayout.getState();
          // A change made while the answer was on its way wins (it is saved over the server's).
          if (!cancelled && now.forexId === forexId && now.revision === asked) now.load(forexId, sanitizeLayout(answer.layout));
        })
        .catch(() => undefined);
    } else {
      const stored = readJson<unknown>(localKey(forexId));
      store.load(forexId, stored ? sanitizeLayout(stored) : visitorDefault());
    }
    /** Sends the pending change; `leaving`: the page is going away, so the request must outlive it. */
    const save = (leaving = false) => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      const layout = pending;
      pending = null;
      if (!layout) return;
      void apiRequest(API.chartLayout, { method: 'POST', json: { forex_id: forexId, layout }, keepalive: leaving }).catch(
        () => undefined,
      );
    };
    const unsubscribe = useChartLayout.subscribe((s, prev) => {
      if (s.revision === prev.revision || s.forexId !== forexId) return;
      // A visitor's layout is this device's: written at once, so nothing is lost to a reload.
      if (!loggedIn) return writeStorage(localKey(forexId), JSON.stringify(s.layout));
      pending = s.layout;
      if (timer) clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    });
    // A reload, a closed tab or an app sent to the background does not unmount the chart: its pending save goes now.
    const leave = () => save(true);
    const hidden = () => document.visibilityState === 'hidden' && save(true);
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      cancelled = true;
      unsubscribe();
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      save();
    };
  }, [forexId, loggedIn]);
}
