import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GlobalOutline, SearchOutline } from 'antd-mobile-icons';
import { LogoMark } from '../../../assets/logo-mark.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { LANG_NAMES } from '@tradepad/contracts/languages';
import './home-page.css';

/** Home (spec §2): the header with logo, news, search and language; the market list arrives with the markets issue. */
export default function HomePage() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  return (
    <Page name="home" withTabBar bodyClassName="home-body">
      <header className="home-header">
        <Link to="/" className="home-brand" aria-label={t('app.name')}>
          <LogoMark size={30} />
          <span className="home-brand-name">{t('app.name')}</span>
        </Link>
        <nav className="home-actions" aria-label={t('home.shortcuts')}>
          <Link to="/news" className="icon-button" aria-label={t('route.news')} data-testid="home-news">
            <NewsIcon />
          </Link>
          <Link to="/product" className="icon-button" aria-label={t('home.search')} data-testid="home-search">
            <SearchOutline fontSize={22} aria-hidden />
          </Link>
          <Link
            to="/language"
            className="icon-button home-lang"
            aria-label={t('home.language', { current: LANG_NAMES[lang] })}
            data-testid="home-language"
          >
            <GlobalOutline fontSize={20} aria-hidden />
            <span className="home-lang-code">{lang.toUpperCase()}</span>
          </Link>
        </nav>
      </header>

      <section className="home-section" aria-labelledby="home-markets-title">
        <div className="home-section-head">
          <h1 id="home-markets-title" className="home-section-title">
            {t('home.markets')}
          </h1>
        </div>
        <div className="home-placeholder" data-testid="market-list-placeholder">
          <ul className="home-skeleton" aria-hidden="true">
            {Array.from({ length: 5 }, (_, i) => (
              <li key={i} className="home-skeleton-row">
                <span className="sk sk-avatar" />
                <span className="sk-lines">
                  <span className="sk sk-line" />
                  <span className="sk sk-line sk-short" />
                </span>
                <span className="sk sk-chart" />
              </li>
            ))}
          </ul>
          <div className="home-placeholder-note">
            <p className="home-placeholder-title">{t('home.listSoonTitle')}</p>
            <p className="home-placeholder-text">{t('home.listSoonText')}</p>
          </div>
        </div>
      </section>
    </Page>
  );
}

function NewsIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5 4h11a2 2 0 0 1 2 2v13a1 1 0 0 0 1 1H6a2 2 0 0 1-2-2V5a1 1 0 0 1 1-1z" />
      <path d="M18 9h1.5A1.5 1.5 0 0 1 21 10.5V18a2 2 0 0 1-2 2" />
      <path d="M8 8h6M8 12h6M8 16h4" />
    </svg>
  );
}
