import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { AnswerAt, CallMethod } from '@tradepad/contracts/client-types';
import type { DataProvider, GetListParams, Identifier } from 'react-admin';
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

/** What follows a resource's path in its calls: nothing (its list, adding one), one record, a queue's decisions. */
type Tail = '' | '/:id' | '/:id/approve' | '/:id/reject' | '/:id/more';

/** What the call at a resource's path (and `tail`) answers with `M`: its contract's answer. */
export type ResourceAnswer<R extends ResourceName, M extends CallMethod, T extends Tail = ''> = AnswerAt<
  `${(typeof RESOURCE_PATHS)[R]}${T}`,
  M
>;

type RowOf<A> = A extends readonly (infer T)[] ? T : A extends { data: readonly (infer T)[] } ? T : never;

/** A resource's record as its pages get it: a row of its list call's answer, or the wallet settings as one record. */
export type RecordOf<R extends ResourceName> = R extends 'wallet-settings'
  ? ResourceAnswer<R, 'GET'> & { id: typeof WALLET_SETTINGS_ID }
  : RowOf<ResourceAnswer<R, 'GET'>>;

/** Queues and the outbox are paged by the server; channel lists come whole. */
const PAGED: ReadonlySet<ResourceName> = new Set(['deposits', 'withdrawals', 'kyc', 'outbox', 'users', 'adjustments', 'news']);
/** Resources read one at a time by `GET /:id`. */
type OneById = 'users' | 'news';
const ONE_BY_ID: ReadonlySet<ResourceName> = new Set<OneById>(['users', 'news']);
const readsOneById = (resource: ResourceName): resource is OneById => ONE_BY_ID.has(resource);
/** A singleton: one record, whatever id is asked for. */
export const WALLET_SETTINGS_ID = 'wallet';

const isResource = (resource: string): resource is ResourceName => Object.hasOwn(RESOURCE_PATHS, resource);

/** The console's resource of that name: react-admin names it as a string. */
function resourceNamed(resource: string): ResourceName {
  if (!isResource(resource)) throw new Error(`Unknown resource ${resource}`);
  return resource;
}

type Query = Record<string, string | number | undefined | null>;

/**
 * The query of a paged list: react-admin's page (from 1) and page size become `page` and `limit`, filters are sent
 * as they are (`status`, `user_id`, `channel`, `recipient`); empty ones, and `status: 'all'`, are left out.
 */
function listQuery(params: Pick<GetListParams, 'pagination' | 'filter'>): Query {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
  const filter = { ...(params.filter ?? {}) } as Query;
  // The status filter's "all" choice sends no status.
  if (filter.status === 'all') delete filter.status;
  return { ...filter, page, limit: perPage };
}

/** The URL of a paged list's page (see `listQuery`). */
export const listUrl = (resource: string, params: Pick<GetListParams, 'pagination' | 'filter'>): string =>
  withQuery(RESOURCE_PATHS[resourceNamed(resource)], listQuery(params));

/**
 * Calls a resource's path, which react-admin's resource name picks at run time (apiGet and apiPost need it at compile
 * time): the answer is typed from the contract of the path the name maps to, so no call here names its own.
 */
function callResource<R extends ResourceName, M extends CallMethod, T extends Tail = ''>(
  method: M,
  resource: R,
  at: { tail?: T; id?: Identifier; query?: Query; body?: object; signal?: AbortSignal; key?: string } = {},
): Promise<ResourceAnswer<R, M, T>> {
  const path = `${RESOURCE_PATHS[resource]}${(at.tail ?? '').replace(':id', encodeURIComponent(String(at.id)))}`;
  return call(method, at.query ? withQuery(path, at.query) : path, at.body, at.signal, at.key);
}

/** A list's rows: it answers an array, or a page of one (`{data, total}`), which is unwrapped. */
const rowsOf = (answer: ResourceAnswer<ResourceName, 'GET'>) =>
  Array.isArray(answer) ? answer : 'data' in answer ? answer.data : [];

/** A resource's whole list (the channels, the staff); no call reads one channel, so one is found here. */
const wholeList = async (resource: ResourceName, signal?: AbortSignal) => rowsOf(await callResource('GET', resource, { signal }));

/**
 * The one conversion: react-admin's methods are generic in the record the calling page expects (`RecordOf<'kyc'>`),
 * which a resource name given as a string cannot tie to a contract; the contract's answer is handed over as it.
 */
const asRequested = <RecordType>(answer: object): RecordType => answer as RecordType;

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
  /** Real-name only: ask the user for more information (`POST /admin/api/kyc/:id/more {message}`, status 4). */
  askMore(
    id: Identifier,
    message: string,
    idempotencyKey?: string,
  ): Promise<AnswerAt<`${typeof ADMIN_API.kyc}/:id/more`, 'POST'>>;
}

type ReviewQueue = 'deposits' | 'withdrawals' | 'kyc';
/** What a queue's decision answers, from its contract (`POST /admin/api/<queue>/:id/approve|reject`). */
type DecisionOf<R extends ReviewQueue, A extends 'approve' | 'reject'> = ResourceAnswer<R, 'POST', `/:id/${A}`>;

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
    const name = resourceNamed(resource);
    const query = PAGED.has(name) ? listQuery(params) : undefined;
    const answer = await callResource('GET', name, { query, signal: params.signal });
    const rows = rowsOf(answer);
    return { data: asRequested(rows), total: 'total' in answer ? answer.total : rows.length };
  },

  async getOne(resource, params) {
    const name = resourceNamed(resource);
    if (name === 'wallet-settings') {
      const s = await callResource('GET', name, { signal: params.signal });
      return { data: asRequested({ ...s, id: WALLET_SETTINGS_ID }) };
    }
    // A user's profile and an article have a call of their own.
    if (readsOneById(name))
      return { data: asRequested(await callResource('GET', name, { tail: '/:id', id: params.id, signal: params.signal })) };
    const row = (await wholeList(name, params.signal)).find((r) => String(r.id) === String(params.id));
    if (!row) throw new Error('ra.notification.item_doesnt_exist');
    return { data: asRequested(row) };
  },

  async getMany(resource, params) {
    const ids = new Set(params.ids.map(String));
    const rows = await wholeList(resourceNamed(resource), params.signal);
    return { data: asRequested(rows.filter((r) => ids.has(String(r.id)))) };
  },

  getManyReference: (resource) => unsupported('getManyReference', resource),

  async create(resource, params) {
    const name = resourceNamed(resource);
    // An article is added once however often the click is retried (the call is idempotent, DESIGN §10).
    const key = name === 'news' ? newIdempotencyKey() : undefined;
    return { data: asRequested(await callResource('POST', name, { body: params.data as object, key })) };
  },

  async update(resource, params) {
    const name = resourceNamed(resource);
    if (name === 'wallet-settings') {
      // The settings call takes only its own keys (an unknown one refuses the body): not react-admin's record id.
      const { id: _id, ...fields } = params.data as Record<string, unknown>;
      const s = await callResource('POST', name, { body: fields });
      return { data: asRequested({ ...s, id: WALLET_SETTINGS_ID }) };
    }
    const saved = await callResource('POST', name, { tail: '/:id', id: params.id, body: params.data as object });
    return { data: asRequested(saved) };
  },

  updateMany: (resource) => unsupported('updateMany', resource),
  async delete(resource, params) {
    if (resource !== 'news') return unsupported('delete', resource);
    await apiPost(`${ADMIN_API.news}/:id/delete`, undefined, { id: params.id });
    return { data: (params.previousData ?? { id: params.id }) as never };
  },
  deleteMany: (resource) => unsupported('deleteMany', resource),

  approve: <R extends ReviewQueue>(resource: R, id: Identifier, body = {}, key = newIdempotencyKey()) =>
    callResource('POST', resource, { tail: '/:id/approve', id, body, key }),
  reject: <R extends ReviewQueue>(resource: R, id: Identifier, body: object, key = newIdempotencyKey()) =>
    callResource('POST', resource, { tail: '/:id/reject', id, body, key }),
  askMore: (id, message, key = newIdempotencyKey()) =>
    callResource('POST', 'kyc', { tail: '/:id/more', id, body: { message }, key }),
  revealOutbox: (id) => apiPost(`${ADMIN_API.outbox}/:id/reveal`, undefined, { id }),
  publishNews: (id, publishAt) =>
    apiPost(`${ADMIN_API.news}/:id/publish`, publishAt === undefined ? {} : { publish_at: publishAt }, { id }),
  unpublishNews: (id) => apiPost(`${ADMIN_API.news}/:id/unpublish`, undefined, { id }),
};
