import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { SupportMessage } from '@tradepad/contracts/support/schemas';
import { apiGet, apiPost } from '../../../shared/api/http-client.ts';
import { asPage, FIRST_PAGE, nextPageOf, type Paged } from '../../../shared/api/paged.ts';

export const SUPPORT_MESSAGES_KEY = ['support', 'messages'] as const;
/** Messages per page: a screenful and some. */
export const SUPPORT_PAGE_SIZE = 30;

/** GET /api/support/messages: one page (from 1) of the user's thread, newest first (DESIGN §13). */
export async function fetchSupportMessages(page: number, signal?: AbortSignal): Promise<Paged<SupportMessage>> {
  return asPage(await apiGet(API.supportMessages, { page, limit: SUPPORT_PAGE_SIZE }, { signal }));
}

/** The thread, a page at a time: page 1 holds the latest messages, the next pages older ones. */
export function useSupportMessages() {
  return useInfiniteQuery({
    queryKey: SUPPORT_MESSAGES_KEY,
    queryFn: ({ pageParam, signal }) => fetchSupportMessages(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageOf(last, pages),
    staleTime: 0,
  });
}

/**
 * POST /api/support/messages: text and/or an uploaded image's name. `key` is the message's Idempotency-Key, made when
 * the trader sent it and the same for every retry, so a message whose answer was lost is never stored twice.
 * Silent: the chat shows a message that failed as "not sent" with a retry.
 */
export function postSupportMessage(p: { text: string; image?: string }, key: string): Promise<SupportMessage> {
  return apiPost(API.supportMessages, { text: p.text, image: p.image }, { idempotencyKey: key, silent: true });
}
