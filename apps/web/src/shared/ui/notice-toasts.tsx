import { useEffect, useState } from 'react';
import type { Notice } from '@tradepad/contracts/notices/schemas';
import { useTranslation } from '../../i18n/i18n.ts';
import { fetchUnread, markNoticesRead } from '../api/notices.api.ts';
import { realtime } from '../realtime/socket.ts';
import { useNavigate } from '../router/router.tsx';
import { useNoticesStore } from '../store/notices.store.ts';
import { useUserStore } from '../store/user.store.ts';
import './notice-toasts.css';

/** How long a notice stays on screen unless dismissed or opened. */
const SHOW_MS = 8000;
/** The screen's top band the toasts take; a focused field there sends them to the bottom of what is visible. */
const TOP_BAND_PX = 140;

const EDITABLE = 'input:not([type=checkbox]):not([type=radio]):not([type=button]), textarea, select, [contenteditable="true"]';

/** Where the toasts go: the top of the screen, or the bottom of the visible area when a field at the top is edited. */
function placement(): { bottom: number | null } {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || !el.matches(EDITABLE)) return { bottom: null };
  const r = el.getBoundingClientRect();
  if (r.top > TOP_BAND_PX) return { bottom: null };
  const vv = window.visualViewport;
  // The visible area's bottom (above an on-screen keyboard), measured from the layout viewport's bottom.
  const visibleBottom = vv ? vv.offsetTop + vv.height : window.innerHeight;
  return { bottom: Math.max(0, window.innerHeight - visibleBottom) };
}

/**
 * The in-app notices (issue 21): every `NOTICE` the socket brings shows as a toast wherever the trader is, at the top
 * of the screen, or at the bottom of the visible area while a field at the top is being edited, so it never covers
 * what is typed. Announced politely to screen readers; dismissable; a tap opens the screen it is about. Also keeps the
 * bell's unread count (fetched at sign-in, then carried by each NOTICE).
 */
export function NoticeToasts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => s.loggedIn);
  const toasts = useNoticesStore((s) => s.toasts);
  const dismiss = useNoticesStore((s) => s.dismiss);
  const [bottom, setBottom] = useState<number | null>(null);
  // Whether the socket is signed in, so notices arrive live (marked on the region for tests and diagnostics).
  const [live, setLive] = useState(realtime.loggedIn);

  useEffect(
    () =>
      realtime.onMessage((m) => {
        if (m.type === 'login_result') setLive(m.code === 1);
        if (m.type !== 'NOTICE' || typeof m.notice !== 'object' || m.notice === null) return;
        useNoticesStore.getState().received(m.notice, Number(m.unread) || 0);
      }),
    [],
  );

  useEffect(() => {
    const store = useNoticesStore.getState();
    if (!loggedIn) {
      store.reset();
      return;
    }
    let live = true;
    fetchUnread()
      .then((r) => live && useNoticesStore.getState().setUnread(r.unread))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [loggedIn]);

  // Follow the focus while toasts are up: a field at the top being edited moves them out of its way.
  const showing = toasts.length > 0;
  useEffect(() => {
    if (!showing) return;
    const update = () => setBottom(placement().bottom);
    const later = () => setTimeout(update, 0);
    update();
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    window.visualViewport?.addEventListener('resize', update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
      window.visualViewport?.removeEventListener('resize', update);
      window.removeEventListener('scroll', update);
    };
  }, [showing]);

  const newest = toasts.at(-1)?.id;
  useEffect(() => {
    if (newest === undefined) return;
    const timer = setTimeout(() => dismiss(newest), SHOW_MS);
    return () => clearTimeout(timer);
  }, [newest, dismiss]);

  const open = (n: Notice) => {
    dismiss(n.id);
    void markNoticesRead(n.id)
      .then((r) => useNoticesStore.getState().setUnread(r.unread))
      .catch(() => {});
    void navigate(n.link.startsWith('/') && !n.link.startsWith('//') ? n.link : '/mine/notices');
  };

  return (
    <div
      className={`notice-toasts ${bottom === null ? 'at-top' : 'at-bottom'}`}
      style={bottom === null ? undefined : { bottom: `calc(${bottom}px + 8px)` }}
      role="status"
      aria-live="polite"
      aria-label={t('notices.toasts')}
      data-testid="notice-toasts"
      data-placement={bottom === null ? 'top' : 'bottom'}
      data-live={live && loggedIn ? '1' : '0'}
    >
      {toasts.map((n) => (
        <div key={n.id} className={`notice-toast kind-${n.kind}`} data-testid="notice-toast">
          <button type="button" className="notice-toast-main" onClick={() => open(n)}>
            <span className="notice-toast-title">{n.title}</span>
            <span className="notice-toast-body">{n.body}</span>
          </button>
          <button
            type="button"
            className="notice-toast-close"
            aria-label={t('notices.dismiss')}
            data-testid="notice-toast-close"
            onClick={() => dismiss(n.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
