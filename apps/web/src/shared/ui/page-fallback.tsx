import { useTranslation } from 'react-i18next';

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
