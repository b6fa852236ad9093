import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from '../../../shared/router/router.tsx';

const HASH = '#chart';

/**
 * The chart's full screen (issue 20 point 5), as a history entry (`#chart`), so the phone's back button leaves it as
 * it leaves any screen; Escape leaves too. It asks the browser for real full screen and a landscape lock where it
 * allows them (a phone), and otherwise the chart simply fills the window; the layout follows the window's shape.
 */
export function useFullScreen(): [boolean, (on: boolean) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const on = location.pathname === '/trade' && location.hash === HASH;

  const set = useCallback(
    (next: boolean) => {
      if (next === on) return;
      if (next) navigate(`${location.pathname}${location.search}${HASH}`);
      else if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
      else navigate(`${location.pathname}${location.search}`, { replace: true });
    },
    [on, navigate, location.pathname, location.search],
  );

  useEffect(() => {
    if (!on) return;
    document.documentElement.classList.add('is-chart-full');
    const doc = document.documentElement;
    let requested = false;
    if (doc.requestFullscreen && !document.fullscreenElement && matchMedia('(pointer: coarse)').matches) {
      requested = true;
      doc
        .requestFullscreen()
        .then(() => (screen.orientation as ScreenOrientation & { lock?(o: string): Promise<void> }).lock?.('landscape'))
        .catch(() => undefined);
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') set(false);
    };
    // Leaving the browser's full screen (its own gesture) leaves the chart's.
    const onFull = () => {
      if (requested && !document.fullscreenElement) set(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('fullscreenchange', onFull);
    return () => {
      document.documentElement.classList.remove('is-chart-full');
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFull);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [on, set]);

  return [on, set];
}
