import { useTranslation } from '../../i18n/i18n.ts';
import { Link } from '../router/router.tsx';
import { Page } from './page.tsx';
import './coming-soon.css';

export interface ComingSoonProps {
  /** Route name (spec §2). */
  name: string;
  /** i18n key of the screen title. */
  titleKey: string;
  /** Back-arrow fallback; omitted on tab screens. */
  back?: string;
  withTabBar?: boolean;
}

/** The screen of a feature a later release delivers: its title, a short notice and a way on. */
export function ComingSoon({ name, titleKey, back, withTabBar }: ComingSoonProps) {
  const { t } = useTranslation();
  const title = t(titleKey);
  return (
    <Page name={name} title={title} back={back} withTabBar={withTabBar}>
      <section className="coming-soon" aria-labelledby={`cs-${name}`}>
        <div className="coming-soon-art" aria-hidden="true">
          <svg viewBox="0 0 120 96" width="120" height="96">
            <rect x="8" y="14" width="104" height="70" rx="12" style={{ fill: 'var(--tp-primary-soft)' }} />
            <path
              d="M22 66l18-18 14 10 20-24 24 20"
              fill="none"
              stroke="#1849d6"
              strokeWidth="4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <circle cx="98" cy="54" r="5" fill="#34d399" />
            <rect x="22" y="26" width="34" height="6" rx="3" fill="#c7d6ff" />
          </svg>
        </div>
        <h2 id={`cs-${name}`} className="coming-soon-title">
          {title}
        </h2>
        <p className="coming-soon-badge tint-primary">{t('common.comingSoon')}</p>
        <p className="coming-soon-text">{t('common.comingSoonDesc')}</p>
        {!withTabBar && (
          <Link to="/" className="coming-soon-link" data-testid="coming-soon-home">
            {t('common.backToMarkets')}
          </Link>
        )}
      </section>
    </Page>
  );
}
