import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { CheckOutline, RightOutline } from 'antd-mobile-icons';
import { Link } from '../../../shared/router/router.tsx';
import { LANG_NAMES, LANG_TAGS, LANGS, type Lang } from '@tradepad/contracts/languages';
import { useChangeLanguage } from '../../../i18n/use-change-language.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { useBack } from '../../../shared/ui/use-back.ts';
import './language-page.css';

/** /language: the 14 languages in their own names; choosing one switches and goes back (spec §2). */
export default function LanguagePage() {
  const { t } = useTranslation();
  const current = useSettingsStore((s) => s.lang);
  const changeLanguage = useChangeLanguage();
  const back = useBack('/');
  const [busy, setBusy] = useState<Lang | null>(null);

  const choose = async (lang: Lang) => {
    if (busy) return;
    if (lang !== current) {
      setBusy(lang);
      try {
        await changeLanguage(lang);
      } finally {
        setBusy(null);
      }
    }
    back();
  };

  return (
    <Page name="language" title={t('route.language')} back="/">
      <ul className="lang-list" role="radiogroup" aria-label={t('route.language')}>
        {LANGS.map((lang) => {
          const active = lang === current;
          return (
            <li key={lang}>
              <button
                type="button"
                role="radio"
                aria-checked={active}
                className={`lang-item${active ? ' is-active' : ''}`}
                data-testid={`lang-${lang}`}
                disabled={busy !== null}
                onClick={() => void choose(lang)}
              >
                <span className="lang-item-name" lang={LANG_TAGS[lang]}>
                  {LANG_NAMES[lang]}
                </span>
                <span className="lang-item-check">
                  {busy === lang ? (
                    <span className="spinner lang-spinner" aria-hidden />
                  ) : (
                    active && <CheckOutline fontSize={20} aria-hidden />
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {/* Theme and price colours, for visitors too (DESIGN §17): the account's settings screen opens to everyone. */}
      <Link to="/mine/system" className="lang-display-link" data-testid="lang-display-settings">
        <span>{t('system.displaySettings')}</span>
        <RightOutline className="menu-chevron flip-rtl" aria-hidden />
      </Link>
    </Page>
  );
}
