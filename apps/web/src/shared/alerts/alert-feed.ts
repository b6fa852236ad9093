import type { AlertPushMessage } from '@tradepad/contracts/realtime-messages';
import { queryClient } from '../api/query-client.ts';
import { realtime } from '../realtime/socket.ts';
import { toastMessage } from '../ui/toast.ts';
import { ALERTS_KEY } from './alerts-key.ts';
import { firedText } from './alert-text.ts';

/**
 * Hears `ALERT` (issue 20 point 7): the server sends it once, to every socket logged in as the trader, when one of
 * their price alerts fires. It is toasted in the app's language wherever the trader is, and the alert lists refresh.
 * Installed once at start.
 */
export function installAlertToasts(): () => void {
  return realtime.onMessage((message) => {
    if (message.type !== 'ALERT') return;
    const m = message as unknown as AlertPushMessage;
    if (!m.alert || typeof m.alert.ShowCode !== 'string') return;
    toastMessage(firedText(m.alert));
    void queryClient.invalidateQueries({ queryKey: ALERTS_KEY });
  });
}
