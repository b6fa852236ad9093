import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { UserProfile } from '@tradepad/contracts/accounts/constants';
import { useUserStore } from '../store/user.store.ts';
import { apiGet } from './http-client.ts';

export const userInfoKey = ['user', 'info'] as const;

/** GET user/info: the signed-in user's profile. `quiet` for the startup check (a 999 just clears the user). */
export function fetchUserInfo(quiet = false): Promise<UserProfile> {
  return apiGet(API.userInfo, undefined, quiet ? { quietSession: true, silent: true } : {});
}

/** The profile, refreshed from the server and written back to the user store. */
export function useUserInfo(enabled = true) {
  const loggedIn = useUserStore((s) => s.loggedIn);
  return useQuery({
    queryKey: userInfoKey,
    enabled: enabled && loggedIn,
    queryFn: async () => {
      const profile = await fetchUserInfo();
      useUserStore.getState().setProfile(profile);
      return profile;
    },
  });
}
