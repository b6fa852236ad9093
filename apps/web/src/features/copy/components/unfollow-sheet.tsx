import { useState } from 'react';
import type { FollowView } from '@tradepad/contracts/copy/schemas';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatMoney, formatPercentValue } from '../../../i18n/format.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { Popup } from '../../../shared/ui/antd.ts';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { useUnfollow } from '../api/follow.api.ts';
import { SheetHead } from './sheet-head.tsx';

/** Whom to stop following, with the strategy's performance fee (percent) the sheet explains. */
export interface UnfollowTarget {
  follow: FollowView;
  /** Unknown where the list of follows opened the sheet: the sentence then names no rate. */
  performanceFee?: string;
}

/**
 * The unfollow sheet (DESIGN §18): what happens before it is confirmed: the copies close at the market, the
 * performance fee is taken on gains above the high-water mark, and the rest comes back to the cash.
 */
export function UnfollowSheet({ target, onClose }: { target: UnfollowTarget | null; onClose(): void }) {
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  return (
    <Popup
      visible={target !== null}
      position="bottom"
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="copy-sheet-body"
      destroyOnClose
    >
      {shown && <UnfollowContent key={shown.follow.id} target={shown} onDone={onClose} />}
    </Popup>
  );
}

function UnfollowContent({ target: { follow: f, performanceFee }, onDone }: { target: UnfollowTarget; onDone(): void }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const unfollow = useUnfollow();
  const [refusal, setRefusal] = useState('');
  const confirm = async () => {
    setRefusal('');
    if (unfollow.isPending) return;
    try {
      const ended = await unfollow.mutateAsync(f.strategy_id);
      toastMessage(t('copy.unfollow.done', { returned: formatMoney(ended.returned, lang) }));
      onDone();
    } catch (e) {
      setRefusal(isApiError(e) ? e.message : t('copy.unfollow.failed'));
    }
  };
  return (
    <div className="copy-sheet" data-testid="copy-unfollow-sheet">
      <SheetHead title={t('copy.unfollow.title', { name: f.strategy_name })} onClose={onDone} />
      <ol className="copy-steps">
        <li>{t('copy.unfollow.stepClose')}</li>
        <li>
          {performanceFee === undefined
            ? t('copy.unfollow.stepFeeAny', { mark: formatMoney(f.high_water_mark, lang) })
            : t('copy.unfollow.stepFee', {
                percent: formatPercentValue(Number(performanceFee), lang),
                mark: formatMoney(f.high_water_mark, lang),
              })}
        </li>
        <li>{t('copy.unfollow.stepReturn', { equity: formatMoney(f.equity, lang) })}</li>
      </ol>
      {refusal && (
        <p className="copy-refusal" role="alert" data-testid="copy-unfollow-refusal">
          {refusal}
        </p>
      )}
      <div className="copy-sheet-actions">
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          {t('copy.unfollow.keep')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={unfollow.isPending}
          data-testid="copy-unfollow-confirm"
          onClick={() => void confirm()}
        >
          {t('copy.unfollow.confirm')}
        </button>
      </div>
    </div>
  );
}
