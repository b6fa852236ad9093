import { API } from '@tradepad/contracts/api-paths';
import type { Notice, NoticePage, UnreadCount } from '@tradepad/contracts/notices/schemas';
import { apiGet, apiPost } from './http-client.ts';

export type { Notice, NoticePage };

/** The notification centre's page (newest first), with the unread count. */
export function fetchNotices(page: number, limit = 20): Promise<NoticePage> {
  return apiGet(API.notices, { page, limit }, { silent: true });
}

export function fetchUnread(): Promise<UnreadCount> {
  return apiGet(API.noticesUnread, undefined, { silent: true, quietSession: true });
}

/** Marks one notice read, or all of them without `id`; answers the unread count left. */
export function markNoticesRead(id?: number): Promise<UnreadCount> {
  return apiPost(API.noticesRead, id === undefined ? {} : { id }, { silent: true });
}
