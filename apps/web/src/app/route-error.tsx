import { useTranslation } from '../i18n/i18n.ts';
import { Page } from '../shared/ui/page.tsx';
import '../shared/ui/coming-soon.css';
import '../shared/ui/form.css';

/** Shown when a screen fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Page name="error" title={t('app.name')}>
      <div className="coming-soon" role="alert">
        <h2 className="coming-soon-title">{t('err.screen')}</h2>
        <button type="button" className="btn btn-primary" style={{ marginTop: 16 }} onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
      </div>
    </Page>
  );
}
