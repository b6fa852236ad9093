import { queryClient } from '../api/query-client.ts';
import { realtime } from '../realtime/socket.ts';
import { ALERTS_KEY } from './alerts-key.ts';

/**
 * Hears `ALERT` (issue 20 point 7): the server sends it once, to every socket logged in as the trader, when one of
 * their price alerts fires, and the alert lists refresh. The trader is told by the `NOTICE` the same firing makes
 * (issue 21: a banner wherever they are, and the notification centre), so the alert is not toasted twice.
 * Installed once at start.
 */
export function installAlertToasts(): () => void {
  return realtime.onMessage((message) => {
    if (message.type !== 'ALERT') return;
    // Typed by the table, yet read defensively: a malformed push is ignored rather than thrown on.
    if (!message.alert || typeof message.alert.ShowCode !== 'string') return;
    void queryClient.invalidateQueries({ queryKey: ALERTS_KEY });
  });
}
