import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/i18n.ts';

/** A copy sheet's grip, title and close button. */
export function SheetHead({ title, onClose }: { title: string; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="copy-sheet-grip" aria-hidden="true" />
      <div className="copy-sheet-head">
        <h2 className="copy-sheet-title">
          <bdi>{title}</bdi>
        </h2>
        <button type="button" className="icon-button copy-sheet-close" aria-label={t('common.close')} onClick={onClose}>
          <CloseOutline fontSize={20} aria-hidden />
        </button>
      </div>
    </>
  );
}
