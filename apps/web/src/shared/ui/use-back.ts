import { useCallback } from 'react';
import { useNavigate } from '../router/router.tsx';

/**
 * Goes back in the app's history when there is somewhere to go back to, else to `fallback` (a page opened from a
 * link or a reload has no in-app history).
 */
export function useBack(fallback = '/'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
