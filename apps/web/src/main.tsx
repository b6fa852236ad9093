import './shared/styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { navigateOutside } from './app/navigation.ts';
import { installSession } from './app/session.ts';
import { prepareFirstScreen } from './app/tab-screens.ts';
import { redirectDesktop, runStartup } from './app/startup.ts';
import { initI18n } from './i18n/i18n.ts';
import { BROKER_LANG_KEY, readStoredLang, resolveLang, storeLang } from './i18n/lang.ts';
import { readStorage } from './shared/lib/storage.ts';
import { parseLang } from '@tradepad/contracts/languages';
import { captureInstallPrompt } from './shared/lib/install-prompt.ts';
import { registerServiceWorker } from './shared/lib/service-worker.ts';
import { nextTask } from './shared/lib/tasks.ts';
import { queryClient } from './shared/api/query-client.ts';
import { watchNetwork } from './shared/realtime/socket.ts';
import { installUpDownAttribute } from './shared/market/up-down.ts';
import { useSettingsStore } from './shared/store/settings.store.ts';
import { installTheme } from './shared/theme/install-theme.ts';

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

// DESIGN §17 "First visit": ?lang=, the stored choice, the browser's language, the broker's default, hk.
const lang = resolveLang(window.location.search, readStoredLang(), navigator.languages, readStorage(BROKER_LANG_KEY));
if (parseLang(new URLSearchParams(window.location.search).get('lang'))) storeLang(lang);
useSettingsStore.getState().setLang(lang);
installUpDownAttribute();
installTheme();
installSession(navigateOutside);
watchNetwork();

/**
 * Start-up in steps of their own (a phone's main thread is never held for long): the start-up calls, the messages,
 * and what the first screen needs. The page's skeleton (index.html) stays until that screen can be drawn whole.
 */
async function start(): Promise<void> {
  // The first screen's own data first: it is what the screen's largest paint waits for; the start-up calls follow.
  const screen = prepareFirstScreen(window.location.pathname, queryClient, lang);
  await nextTask();
  if (!leaving) runStartup();
  await nextTask();
  const messages = initI18n(lang);
  await Promise.all([messages, screen]);
  await nextTask();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // Rendered as a transition, the first render yields to the browser every few milliseconds instead of holding the
  // main thread for the whole tree.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  await nextTask();
  registerServiceWorker();
}

void start();
