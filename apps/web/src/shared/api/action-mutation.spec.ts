import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionMutationOptions, actionOf, newActionKey } from './action-mutation.ts';
import { ApiError } from './api-error.ts';
import { apiRequest, configureApi } from './http-client.ts';

afterEach(() => vi.unstubAllGlobals());

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A server that fails the first `failures` requests at the transport level, then places an order. */
function flakyServer(failures: number) {
  const keys: Array<string | undefined> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
      if (keys.length <= failures) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ code: 1, msg: 'ok', data: { id: keys.length } }));
    }),
  );
  return keys;
}

describe('one Idempotency-Key per user action', () => {
  configureApi({ origin: () => '', token: () => 'tok' });
  const client = () => new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const submit = (params: { cont: string }, key: string) =>
    apiRequest('/v1/api/forex/submit', { method: 'POST', params, silent: true, idempotencyKey: key });

  it('sends the same key on every automatic retry of one tap, and a new key on the next tap', async () => {
    const keys = flakyServer(2);
    const seen: Array<{ cont: string }> = [];
    const observer = new MutationObserver(
      client(),
      actionMutationOptions({
        mutationFn: submit,
        // Retried on a lost connection, as the query library may do.
        retry: (n: number, err: Error) => err instanceof ApiError && err.kind === 'transport' && n < 3,
        retryDelay: 0,
        onSuccess: (_data: unknown, variables: { cont: string }) => void seen.push(variables),
      }),
    );
    // One tap: two lost attempts and the one that arrives, all with the tap's key.
    const tap = actionOf({ cont: '0.01' });
    expect(await observer.mutate(tap)).toEqual({ id: 3 });
    expect(keys).toEqual([tap.key, tap.key, tap.key]);
    expect(keys[0]).toMatch(UUID_V4);
    // The next tap, even with the same order, is a new action.
    await observer.mutate(actionOf({ cont: '0.01' }));
    expect(keys).toHaveLength(4);
    expect(keys[3]).not.toBe(keys[0]);
    // Callbacks see the variables as the caller gave them, not the action around them.
    expect(seen).toEqual([{ cont: '0.01' }, { cont: '0.01' }]);
  });

  it('makes well-formed, different keys even without crypto.randomUUID (a page served over plain http)', () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    const keys = Array.from({ length: 100 }, () => newActionKey());
    expect(new Set(keys).size).toBe(100);
    for (const k of keys) expect(k).toMatch(UUID_V4);
  });
});
