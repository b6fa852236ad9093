import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@tradepad/contracts/api-paths';
import type { LoginResult, loginParams } from '@tradepad/contracts/accounts/params';
import { apiPostEnvelope } from '../../../shared/api/http-client.ts';
import { deviceId } from '../../../shared/lib/device-id.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';

export type LoginParams = z.output<typeof loginParams>;

/**
 * POST user/loginForU (form): `login_type` 1 email, 2 mobile (with `area_id`), 3 demo. The device id goes with it, so
 * the owner is told of a sign-in from a device the account has not used before (DESIGN §10).
 */
export async function login(params: LoginParams): Promise<{ result: LoginResult; msg: string }> {
  const envelope = await apiPostEnvelope(API.login, { device_id: deviceId(), ...params }, { loading: true });
  if (!envelope.data) throw new Error('login without data');
  return { result: envelope.data, msg: envelope.msg };
}

/** Logs in and stores the session (token and profile). */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ result }) => {
      const { token, ...profile } = result;
      useUserStore.getState().setSession(token, profile);
    },
  });
}
