import { translate } from '../i18n/i18n.ts';
import { apiOrigin } from '../shared/api/api-origin.ts';
import { configureApi } from '../shared/api/http-client.ts';
import { queryClient } from '../shared/api/query-client.ts';
import { tradeListKey } from '../shared/api/trade-list.api.ts';
import { TRADING_KEY } from '../shared/api/account-summary.api.ts';
import { noticeChangesOrders } from '../shared/trading/notice-refresh.ts';
import { fetchUserInfo } from '../shared/api/user-info.api.ts';
import { installAlertToasts } from '../shared/alerts/alert-feed.ts';
import { installCopyToasts } from '../features/copy/hooks/copy-feed.ts';
import { realtime } from '../shared/realtime/socket.ts';
import { endSession } from '../shared/session/end-session.ts';
import { useSettingsStore } from '../shared/store/settings.store.ts';
import { useUserStore } from '../shared/store/user.store.ts';
import { loadingStart, loadingStop, setLoadingText, toastMessage } from '../shared/ui/toast.ts';

type Navigate = (to: string, opts?: { replace?: boolean }) => unknown;

/** Where to send someone whose session is needed: /login with the way back. */
export function loginPathFrom(pathname: string, search: string): string {
  if (pathname === '/login') return `/login${search}`;
  return `/login?from=${encodeURIComponent(pathname + search)}`;
}

/**
 * Plugs the API client into the app (token, language, toasts, loading, navigation) and keeps the socket's session in
 * step with the user store: login with the token when there is one, logout when it goes; a `session_revoked` from the
 * socket ends the session as a 999 answer does.
 */
export function installSession(navigate: Navigate): void {
  const sessionExpired = (redirect: boolean) => {
    endSession();
    if (redirect) void navigate(loginPathFrom(window.location.pathname, window.location.search), { replace: true });
  };
  configureApi({
    origin: apiOrigin,
    token: () => useUserStore.getState().token,
    lang: () => useSettingsStore.getState().lang,
    sessionExpired,
    toastError: toastMessage,
    toastSuccess: toastMessage,
    transportMessage: (kind, status) => translate(`err.${kind}`, { status: status ?? 0 }),
    loadingStart() {
      setLoadingText(translate('common.loading'));
      loadingStart();
    },
    loadingStop,
  });

  // A price alert fired (issue 20 point 7): toasted wherever the trader is.
  installAlertToasts();
  // A copy filled, closed or skipped (issue 34): told wherever the trader is, the copy lists read again.
  installCopyToasts();

  // The server ended this session (logout elsewhere, password change or reset, expiry): as a 999 answer would.
  realtime.onSessionRevoked(() => {
    if (useUserStore.getState().token) sessionExpired(true);
  });

  // Staff moved the trader to another account type (DESIGN §16): the profile (the ticket's commission and fee) and the
  // trade list (prices, leverages) are read afresh; the socket's quotes follow on the server's side.
  realtime.onMessage((m) => {
    const notice = m.type === 'NOTICE' ? (m.notice as { kind?: unknown } | null) : null;
    // A stop limit turned into its limit, or the desk changed a position (issue 33): the order lists are read again.
    if (noticeChangesOrders(notice)) void queryClient.invalidateQueries({ queryKey: TRADING_KEY });
    if (notice?.kind !== 'account_type') return;
    fetchUserInfo(true)
      .then((profile) => useUserStore.getState().setProfile(profile))
      .catch(() => {});
    void queryClient.invalidateQueries({ queryKey: tradeListKey });
  });

  let token = useUserStore.getState().token;
  if (token) realtime.login(token);
  useUserStore.subscribe((state) => {
    if (state.token === token) return;
    token = state.token;
    if (token) realtime.login(token);
    else realtime.logout();
    // The trade list is the signed-in trader's account type's (prices, leverages; DESIGN §16), a visitor's the default's.
    void queryClient.invalidateQueries({ queryKey: tradeListKey });
  });
}
