import './shared/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { navigateOutside } from './app/navigation.ts';
import { installSession } from './app/session.ts';
import { redirectDesktop, runStartup } from './app/startup.ts';
import { initI18n } from './i18n/i18n.ts';
import { readStoredLang, resolveLang, storeLang } from './i18n/lang.ts';
import { parseLang } from '@tradepad/contracts/languages';
import { captureInstallPrompt } from './shared/lib/install-prompt.ts';
import { registerServiceWorker } from './shared/lib/service-worker.ts';
import { installUpDownAttribute } from './shared/market/up-down.ts';
import { useSettingsStore } from './shared/store/settings.store.ts';

// A lazy screen whose file vanished with a new deploy: reload once to pick up the new build.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'tradepad.reloaded';
  if (sessionStorage.getItem(key)) return;
  sessionStorage.setItem(key, '1');
  event.preventDefault();
  window.location.reload();
});

// The spec's mobile check: a desktop browser leaves for the pc. host when the build names one.
const leaving = redirectDesktop();
captureInstallPrompt();
registerServiceWorker();

const lang = resolveLang(window.location.search, readStoredLang());
if (parseLang(new URLSearchParams(window.location.search).get('lang'))) storeLang(lang);
useSettingsStore.getState().setLang(lang);
installUpDownAttribute();
installSession(navigateOutside);
if (!leaving) runStartup();

void initI18n(lang).then(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
