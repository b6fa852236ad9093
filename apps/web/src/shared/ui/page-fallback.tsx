import { useTranslation } from '../../i18n/i18n.ts';

/** What shows while a screen's code loads. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
