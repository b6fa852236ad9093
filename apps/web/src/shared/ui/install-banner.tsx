import { useTranslation } from '../../i18n/i18n.ts';
import { CloseOutline } from 'antd-mobile-icons';
import { LogoMark } from '../../assets/logo-mark.tsx';
import { useInstallOffer } from '../lib/install-prompt.ts';
import './install-banner.css';

/** A small, dismissible offer to add the app to the home screen, shown when the browser can install it. */
export function InstallBanner() {
  const { t } = useTranslation();
  const offer = useInstallOffer();
  if (!offer.available) return null;
  return (
    <section className="install-banner" aria-labelledby="install-title" data-testid="install-banner">
      <LogoMark size={36} />
      <div className="install-text">
        <h2 id="install-title" className="install-title">
          {t('install.title')}
        </h2>
        <p className="install-hint">{t('install.hint')}</p>
      </div>
      <button type="button" className="install-action" data-testid="install-app" onClick={() => void offer.install()}>
        {t('install.action')}
      </button>
      <button type="button" className="icon-button" aria-label={t('install.dismiss')} onClick={offer.dismiss}>
        <CloseOutline fontSize={18} aria-hidden />
      </button>
    </section>
  );
}
