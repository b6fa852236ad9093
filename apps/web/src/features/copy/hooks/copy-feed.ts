import type { CopyFollowing } from '@tradepad/contracts/copy/schemas';
import type { CopyPushMessage } from '@tradepad/contracts/realtime/channels';
import { translate } from '../../../i18n/i18n.ts';
import { formatQuantity } from '../../../i18n/format.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { realtime } from '../../../shared/realtime/socket.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { COPY_KEY, followingKey } from '../api/copy-keys.ts';
import { skipReasonText } from './copy-events.ts';

/** What a `COPY` push carries (DESIGN §18). */
export type CopyPush = CopyPushMessage;

const isolate = (v: string) => `\u2068${v}\u2069`;

/** Typed by the channel table, yet read defensively: a malformed push is ignored rather than thrown on. */
function wellFormed(p: CopyPush): boolean {
  return typeof p.strategy_id === 'number' && (p.event === 'fill' || p.event === 'close' || p.event === 'skip');
}

/** The toast's sentence for a push: the strategy's name when the trader's list of follows knows it. */
export function copyPushText(push: CopyPush, strategyName: string | undefined, lang = useSettingsStore.getState().lang): string {
  const name = isolate(strategyName || translate('copy.push.strategy', { id: push.strategy_id }));
  const lots = isolate(formatQuantity(String(push.lots ?? ''), lang));
  const price = isolate(formatQuantity(String(push.price ?? ''), lang));
  if (push.event === 'skip') return translate('copy.push.skip', { name, reason: skipReasonText(translate, push.reason ?? '') });
  return translate(`copy.push.${push.event}`, { name, lots, price });
}

/**
 * Whether a push is toasted here: a copy filled or skipped is an in-app notice too (the server's `NOTICE`, toasted by
 * the notice toasts and kept in the centre), so only a close, which has no notice, is toasted from the push.
 */
export const copyPushToasted = (push: CopyPush): boolean => push.event === 'close';

/**
 * Hears `COPY` (issue 34 point 5): a copy of the provider's order filled or closed in the follower's copy account, at
 * the provider's price, or the order was not copied (with its reason). A close is told wherever the trader is (a fill
 * or a skip comes as a notice), and the copy lists (Orders › Copying, the strategy page) are read again. Installed once
 * at start.
 */
export function installCopyToasts(): () => void {
  return realtime.onMessage((message) => {
    if (message.type !== 'COPY' || !wellFormed(message)) return;
    const following = queryClient.getQueryData<CopyFollowing>(followingKey);
    const name = following?.data.find((f) => f.strategy_id === message.strategy_id)?.strategy_name;
    if (copyPushToasted(message)) toastMessage(copyPushText(message, name));
    void queryClient.invalidateQueries({ queryKey: COPY_KEY });
  });
}
