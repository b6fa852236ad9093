import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { AnswerAt } from '@tradepad/contracts/client-types';
import type { Paged } from '@tradepad/contracts/envelope';
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { apiPost, call, newIdempotencyKey, withQuery } from './http.ts';

/** The console's resources and the `/admin/api` path each reads and writes. */
export const RESOURCE_PATHS = {
  deposits: ADMIN_API.deposits,
  withdrawals: ADMIN_API.withdrawals,
  kyc: ADMIN_API.kyc,
  outbox: ADMIN_API.outbox,
  staff: ADMIN_API.staff,
  'deposit-channels': ADMIN_API.depositChannels,
  'wire-channels': ADMIN_API.wireChannels,
  'draw-currencies': ADMIN_API.drawCurrencies,
  'wallet-settings': ADMIN_API.walletSettings,
  users: ADMIN_API.users,
  adjustments: ADMIN_API.adjustments,
  news: ADMIN_API.news,
} as const;
export type ResourceName = keyof typeof RESOURCE_PATHS;

/** Queues and the outbox are paged by the server; channel lists come whole. */
const PAGED: ReadonlySet<string> = new Set(['deposits', 'withdrawals', 'kyc', 'outbox', 'users', 'adjustments', 'news']);
/** Resources read one at a time by `GET /:id`. */
const ONE_BY_ID: ReadonlySet<string> = new Set(['users', 'news']);
/** A singleton: one record, whatever id is asked for. */
export const WALLET_SETTINGS_ID = 'wallet';

function pathOf(resource: string): string {
  const path = (RESOURCE_PATHS as Record<string, string>)[resource];
  if (!path) throw new Error(`Unknown resource ${resource}`);
  return path;
}

/**
 * The query of a paged list: react-admin's page (from 1) and page size become `page` and `limit`, filters are sent
 * as they are (`status`, `user_id`, `channel`, `recipient`); empty ones, and `status: 'all'`, are left out.
 */
export function listUrl(resource: string, params: Pick<GetListParams, 'pagination' | 'filter'>): string {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
  const filter = { ...(params.filter ?? {}) } as Record<string, string | number | undefined | null>;
  // The status filter's "all" choice sends no status.
  if (filter.status === 'all') delete filter.status;
  return withQuery(pathOf(resource), { ...filter, page, limit: perPage });
}

/** A channel list answers an array (or a page of one, which is unwrapped). */
const wholeList = async <T>(resource: string, signal?: AbortSignal) => {
  const r = await call<T[] | { data: T[] }>('GET', pathOf(resource), undefined, signal);
  return Array.isArray(r) ? r : (r?.data ?? []);
};

const unsupported = (what: string, resource: string) => Promise.reject(new Error(`${what} is not offered for ${resource}`));

/**
 * The decisions a review queue takes (`POST /:id/approve`, `POST /:id/reject {remark[, status]}`). Each call is one
 * click and carries an Idempotency-Key of its own (DESIGN §10); a caller that retries the same click passes its key.
 */
export interface ReviewActions {
  approve<R extends ReviewQueue>(
    resource: R,
    id: Identifier,
    body?: { transfer_ref?: string },
    idempotencyKey?: string,
  ): Promise<DecisionOf<R, 'approve'>>;
  reject<R extends ReviewQueue>(
    resource: R,
    id: Identifier,
    body: { remark: string; status?: number },
    idempotencyKey?: string,
  ): Promise<DecisionOf<R, 'reject'>>;
}

type ReviewQueue = 'deposits' | 'withdrawals' | 'kyc';
/** What a queue's decision answers, from its contract (`POST /admin/api/<queue>/:id/approve|reject`). */
type DecisionOf<R extends ReviewQueue, A extends 'approve' | 'reject'> = AnswerAt<
  `${(typeof RESOURCE_PATHS)[R]}/:id/${A}`,
  'POST'
>;

/** Super admins only: one outbox message in clear (`POST /admin/api/outbox/:id/reveal`, audited on the server). */
export interface OutboxActions {
  revealOutbox(id: Identifier): Promise<AnswerAt<`${typeof ADMIN_API.outbox}/:id/reveal`, 'POST'>>;
}

/**
 * An article's state (content staff): publish now or from `publishAt` (unix ms, scheduled), or back to draft. Each
 * answers the article as it now is.
 */
export interface NewsActions {
  publishNews(id: Identifier, publishAt?: number): Promise<AnswerAt<`${typeof ADMIN_API.news}/:id/publish`, 'POST'>>;
  unpublishNews(id: Identifier): Promise<AnswerAt<`${typeof ADMIN_API.news}/:id/unpublish`, 'POST'>>;
}

export type AdminDataProvider = DataProvider & ReviewActions & OutboxActions & NewsActions;

/**
 * react-admin's data provider over the back-office API's envelope (DESIGN §3, §11). getList/getOne/create/update map
 * onto the list, add and change calls; approve and reject are the queues' own actions. A refusal rejects with the
 * server's message (shown as is); code 999 rejects with status 999, which the auth provider turns into sign-in.
 */
export const dataProvider: AdminDataProvider = {
  async getList(resource, params) {
    if (PAGED.has(resource)) {
      const r = await call<Paged<RaRecord>>('GET', listUrl(resource, params), undefined, params.signal);
      return { data: r.data as never[], total: r.total };
    }
    const rows = await wholeList<RaRecord>(resource, params.signal);
    return { data: rows as never[], total: rows.length };
  },

  async getOne(resource, params) {
    if (resource === 'wallet-settings') {
      const s = await call<object>('GET', pathOf(resource), undefined, params.signal);
      return { data: { ...s, id: WALLET_SETTINGS_ID } as never };
    }
    // A user's profile and an article have a call of their own.
    if (ONE_BY_ID.has(resource))
      return { data: await call<never>('GET', `${pathOf(resource)}/${params.id}`, undefined, params.signal) };
    // No call reads one channel: it is found in its list.
    const row = (await wholeList<RaRecord>(resource, params.signal)).find((r) => String(r.id) === String(params.id));
    if (!row) throw new Error('ra.notification.item_doesnt_exist');
    return { data: row as never };
  },

  async getMany(resource, params) {
    const ids = new Set(params.ids.map(String));
    const rows = await wholeList<RaRecord>(resource, params.signal);
    return { data: rows.filter((r) => ids.has(String(r.id))) as never[] };
  },

  getManyReference: (resource) => unsupported('getManyReference', resource),

  async create(resource, params) {
    // An article is added once however often the click is retried (the call is idempotent, DESIGN §10).
    const key = resource === 'news' ? newIdempotencyKey() : undefined;
    const saved = await call<RaRecord>('POST', pathOf(resource), params.data as object, undefined, key);
    return { data: saved as never };
  },

  async update(resource, params) {
    if (resource === 'wallet-settings') {
      // The settings call takes only its own keys (an unknown one refuses the body): not react-admin's record id.
      const { id: _id, ...fields } = params.data as Record<string, unknown>;
      const s = await call<object>('POST', pathOf(resource), fields);
      return { data: { ...s, id: WALLET_SETTINGS_ID } as never };
    }
    const saved = await call<RaRecord>('POST', `${pathOf(resource)}/${params.id}`, params.data as object);
    return { data: saved as never };
  },

  updateMany: (resource) => unsupported('updateMany', resource),
  async delete(resource, params) {
    if (resource !== 'news') return unsupported('delete', resource);
    await apiPost(`${ADMIN_API.news}/:id/delete`, undefined, { id: params.id });
    return { data: (params.previousData ?? { id: params.id }) as never };
  },
  deleteMany: (resource) => unsupported('deleteMany', resource),

  // The queue is picked at run time, so its path is too: the answer's type comes from the interface above.
  approve: <R extends ReviewQueue>(resource: R, id: Identifier, body = {}, key = newIdempotencyKey()) =>
    call<DecisionOf<R, 'approve'>>('POST', `${pathOf(resource)}/${id}/approve`, body, undefined, key),
  reject: <R extends ReviewQueue>(resource: R, id: Identifier, body: object, key = newIdempotencyKey()) =>
    call<DecisionOf<R, 'reject'>>('POST', `${pathOf(resource)}/${id}/reject`, body, undefined, key),
  revealOutbox: (id) => apiPost(`${ADMIN_API.outbox}/:id/reveal`, undefined, { id }),
  publishNews: (id, publishAt) =>
    apiPost(`${ADMIN_API.news}/:id/publish`, publishAt === undefined ? {} : { publish_at: publishAt }, { id }),
  unpublishNews: (id) => apiPost(`${ADMIN_API.news}/:id/unpublish`, undefined, { id }),
};
