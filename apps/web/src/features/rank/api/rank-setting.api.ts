import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { RankSetting } from '@tradepad/contracts/content/constants';
import { apiPost } from '../../../shared/api/http-client.ts';
import { followListKey } from './follow-list.api.ts';

/** POST user/rank_setting {opt_in}: list the signed-in real user in the rankings, or stop listing them. */
export function saveRankOptIn(optIn: boolean): Promise<RankSetting> {
  return apiPost(API.rankSetting, { opt_in: optIn ? 1 : 0 }, { toastSuccess: true });
}

export function useRankOptIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRankOptIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: followListKey }),
  });
}
