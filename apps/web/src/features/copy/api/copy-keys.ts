/** Every copy-trading query sits under this key, so a follow, an unfollow or a `COPY` push refreshes them at once. */
export const COPY_KEY = ['copy'] as const;
export const strategyKey = (id: number) => [...COPY_KEY, 'strategy', id] as const;
export const followingKey = [...COPY_KEY, 'following'] as const;
export const mineKey = [...COPY_KEY, 'mine'] as const;
