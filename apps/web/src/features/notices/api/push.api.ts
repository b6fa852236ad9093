import { API } from '@tradepad/contracts/api-paths';
import type { PushPrefs } from '@tradepad/contracts/notices/schemas';
import type { NoticeKind } from '@tradepad/contracts/notices/constants';
import { apiGet, apiPost } from '../../../shared/api/http-client.ts';

export type { PushPrefs };

export function fetchPushPrefs(): Promise<PushPrefs> {
  return apiGet(API.pushPrefs, undefined, { silent: true });
}

export function savePushPrefs(kinds: readonly NoticeKind[]): Promise<PushPrefs> {
  return apiPost(API.pushPrefs, { kinds: kinds.join(',') });
}

export function fetchVapidKey(): Promise<{ key: string }> {
  return apiGet(API.pushVapidKey, undefined, { silent: true });
}

export function sendSubscription(subscription: PushSubscriptionJSON): Promise<null> {
  return apiPost(API.pushSubscribe, { subscription: JSON.stringify(subscription) });
}

export function dropSubscription(endpoint: string): Promise<null> {
  return apiPost(API.pushUnsubscribe, { endpoint }, { silent: true });
}
