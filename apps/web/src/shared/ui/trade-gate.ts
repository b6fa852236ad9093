import { translate } from '../../i18n/i18n.ts';
import { connectionOf, pricesLiveOf, useConnectivityStore } from '../realtime/connectivity.ts';
import { toastMessage } from './toast.ts';

/**
 * Whether the buttons that trade (submit, close, cancel, save stops) may act now (issue 17): not offline, not
 * reconnecting, prices live. While they may not, the buttons read as disabled (`aria-disabled`, dimmed) but still
 * answer a tap with the reason, "not sent, you are offline" above all, instead of staying silent; nothing is ever
 * kept to be sent later.
 */
export function useTradeGate(): { open: boolean; pass(): boolean } {
  return { open: useConnectivityStore(pricesLiveOf), pass: passGate };
}

/** Whether trading may act at this instant; if not, says why (a toast) and answers false. */
export function passGate(): boolean {
  const s = useConnectivityStore.getState();
  if (pricesLiveOf(s)) return true;
  toastMessage(translate(connectionOf(s) === 'offline' ? 'err.offline' : 'ticket.notLive'));
  return false;
}

/** The attributes of a button behind the gate: announced and drawn as disabled while the gate is shut. */
export function gatedProps(open: boolean): { 'aria-disabled'?: true; 'data-gated'?: 'shut' } {
  return open ? {} : { 'aria-disabled': true, 'data-gated': 'shut' };
}
