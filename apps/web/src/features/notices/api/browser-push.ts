import { registerServiceWorkerNow } from '../../../shared/lib/service-worker.ts';
import { dropSubscription, fetchVapidKey, sendSubscription } from './push.api.ts';

/** Whether this browser can take web pushes at all. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker's registration (production builds register it, now if not yet), or undefined within a few seconds. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  const found = await navigator.serviceWorker.getRegistration('/');
  if (found) return found;
  return Promise.race([
    registerServiceWorkerNow(),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 3000)),
  ]);
}

/** This browser's current push subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export type EnableResult = 'on' | 'denied' | 'unsupported' | 'failed';

/**
 * Turns pushes on for this browser: asks for the notification permission (only now, on the trader's tap), subscribes
 * with the server's VAPID key and registers the subscription with the server.
 */
export async function enablePush(): Promise<EnableResult> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const reg = await registration();
  if (!reg) return 'unsupported';
  try {
    const { key } = await fetchVapidKey();
    const sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
    await sendSubscription(sub.toJSON());
    return 'on';
  } catch {
    return 'failed';
  }
}

/** Turns pushes off for this browser: unsubscribes it and tells the server. */
export async function disablePush(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  const endpoint = sub.endpoint;
  await sub.unsubscribe().catch(() => false);
  await dropSubscription(endpoint).catch(() => null);
}
