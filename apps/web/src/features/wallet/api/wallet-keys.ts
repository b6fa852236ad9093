/** Every wallet query sits under this key; a deposit, a withdrawal or a bound method refreshes what depends on it. */
export const WALLET_KEY = ['wallet'] as const;
