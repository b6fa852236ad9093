import { create } from 'zustand';
import type { UserProfile } from '@tradepad/contracts/accounts/constants';
import { readJson, readStorage, writeStorage } from '../lib/storage.ts';

const TOKEN_KEY = 'tradepad.token';
const PROFILE_KEY = 'tradepad.profile';

export interface UserState {
  token: string | null;
  profile: UserProfile | null;
  /** True while a session token is held (the startup user-info check clears it when the server says 999). */
  loggedIn: boolean;
  setSession(token: string, profile: UserProfile): void;
  setProfile(profile: UserProfile): void;
  setBalance(balance: string): void;
  /** Forgets token, flag and profile (spec §4 "reset"). */
  reset(): void;
}

const initialToken = readStorage(TOKEN_KEY);

export const useUserStore = create<UserState>()((set, get) => ({
  token: initialToken,
  profile: initialToken ? readJson<UserProfile>(PROFILE_KEY) : null,
  loggedIn: initialToken !== null,
  setSession(token, profile) {
    writeStorage(TOKEN_KEY, token);
    writeStorage(PROFILE_KEY, JSON.stringify(profile));
    set({ token, profile, loggedIn: true });
  },
  setProfile(profile) {
    if (!get().token) return;
    writeStorage(PROFILE_KEY, JSON.stringify(profile));
    set({ profile });
  },
  setBalance(balance) {
    const profile = get().profile;
    if (profile && profile.balance !== balance) get().setProfile({ ...profile, balance });
  },
  reset() {
    writeStorage(TOKEN_KEY, null);
    writeStorage(PROFILE_KEY, null);
    set({ token: null, profile: null, loggedIn: false });
  },
}));

export const isDemo = (profile: UserProfile | null): boolean => profile?.is_demo === 1;
