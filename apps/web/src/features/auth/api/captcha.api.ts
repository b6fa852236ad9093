import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { Captcha } from '@tradepad/contracts/accounts/constants';
import { apiGet } from '../../../shared/api/http-client.ts';

/** GET captcha: `{id, b64s}`; `b64s` is a data URL. Each fetch is a new challenge. */
export function fetchCaptcha(): Promise<Captcha> {
  return apiGet(API.captcha);
}

export function useCaptcha(enabled: boolean) {
  return useQuery({ queryKey: ['captcha'], queryFn: fetchCaptcha, enabled, staleTime: Infinity, gcTime: 0 });
}
