import { useCallback, useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { API } from '@tradepad/contracts/api-paths';
import type { FavouriteList } from '@tradepad/contracts/market/constants';
import { apiGet, apiPost } from '../api/http-client.ts';
import { readJson, writeStorage } from '../lib/storage.ts';
import { useUserStore } from '../store/user.store.ts';

const DEVICE_KEY = 'tradepad.favourites';
/** At most this many kept on a device (a signed-out visitor's watchlist). */
const DEVICE_MAX = 200;

function readDevice(): number[] {
  const stored = readJson<unknown>(DEVICE_KEY);
  if (!Array.isArray(stored)) return [];
  return [...new Set(stored.filter((v): v is number => Number.isInteger(v) && (v as number) > 0))].slice(0, DEVICE_MAX);
}

/** A signed-out visitor's favourites, kept on this device. */
const useDeviceFavourites = create<{ ids: number[]; set(ids: number[]): void }>()((set) => ({
  ids: readDevice(),
  set(ids) {
    const next = ids.slice(0, DEVICE_MAX);
    writeStorage(DEVICE_KEY, JSON.stringify(next));
    set({ ids: next });
  },
}));

const serverKey = (token: string | null) => ['market', 'favourites', token] as const;
const none: number[] = [];
/** Sessions whose empty watchlist has been given this device's favourites (once per session, by whichever hook). */
const adopted = new Set<string>();

export interface Favourites {
  /** Ids in the order added. */
  ids: readonly number[];
  has(id: number): boolean;
  toggle(id: number): void;
}

/**
 * The watchlist (issue 20 point 6): the signed-in user's favourites live on the server (`forex/favourites`, the same
 * on every device), a visitor's on this device. A tap shows at once; the server's answer then replaces the list (a
 * refusal puts the server's list back and its message is toasted).
 */
export function useFavourites(): Favourites {
  const token = useUserStore((s) => s.token);
  const queryClient = useQueryClient();
  const device = useDeviceFavourites();
  const server = useQuery({
    queryKey: serverKey(token),
    queryFn: ({ signal }) => apiGet(API.favourites, undefined, { signal, silent: true }),
    enabled: token !== null,
    staleTime: 60_000,
  });
  // Signing in with an empty watchlist keeps what was starred on this device before (added in order, then forgotten
  // here: from then on the account's list is the one shown on every device).
  const serverIds = server.data?.ids;
  useEffect(() => {
    if (!token || !serverIds || serverIds.length > 0 || device.ids.length === 0 || adopted.has(token)) return;
    adopted.add(token);
    const key = serverKey(token);
    const add = async () => {
      let last: FavouriteList | undefined;
      for (const id of device.ids) last = await apiPost(API.favouriteSet, { forex_id: id, on: 1 }, { silent: true });
      if (last) queryClient.setQueryData<FavouriteList>(key, last);
      device.set([]);
    };
    add().catch(() => void queryClient.invalidateQueries({ queryKey: key }));
  }, [token, serverIds, device, queryClient]);

  const ids = token ? (serverIds ?? none) : device.ids;
  const set = useMemo(() => new Set(ids), [ids]);
  const toggle = useCallback(
    (id: number) => {
      const on = !set.has(id);
      const next = on ? [...ids, id] : ids.filter((x) => x !== id);
      if (!token) {
        device.set(next);
        return;
      }
      const key = serverKey(token);
      queryClient.setQueryData<FavouriteList>(key, { ids: next });
      apiPost(API.favouriteSet, { forex_id: id, on: on ? 1 : 0 })
        .then((answer) => queryClient.setQueryData<FavouriteList>(key, answer))
        .catch(() => void queryClient.invalidateQueries({ queryKey: key }));
    },
    [ids, set, token, device, queryClient],
  );
  return useMemo(() => ({ ids, has: (id: number) => set.has(id), toggle }), [ids, set, toggle]);
}
