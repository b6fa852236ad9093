import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../build/vite-precompress.ts';
import { LANG_BY_BROWSER_TAG, LANG_TAGS, RTL_LANGS } from '../../packages/contracts/src/languages.ts';
import { firstPaint } from './build/first-paint.ts';
import { FIRST_VISIT_SCREENS } from './build/first-visit-screens.ts';
import { BROKER_LANG_KEY, LANG_STORAGE_KEY } from './src/i18n/lang.ts';
import { THEME_BAR_COLORS, THEME_STORAGE_KEY } from './src/shared/theme/theme.ts';
import { serviceWorker } from './service-worker/vite-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The libraries the app starts on (the lazy screens' own libraries, antd-mobile and the chart, stay with them). */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack|zustand|use-sync-external-store)[\\/]/;
/** The app's shared state, API client and live market code, which the first screens all use. */
const CORE =
  /[\\/](apps[\\/]web[\\/]src[\\/]shared[\\/](api|store|lib|market|realtime|router|session)|packages[\\/]contracts)[\\/]/;
/** Where `npm run dev` sends API and websocket calls: the server started by `npm start` (PORT 8080 by default). */
const target = process.env.TRADEPAD_SERVER ?? 'http://localhost:8080';
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Starts loading the default language's messages (hk, spec §9) and antd-mobile's zh-HK texts with the app's own
 * scripts, instead of one round trip after them: the first screen waits for its messages.
 */
function preloadDefaultLocale(): Plugin {
  return {
    name: 'tradepad-preload-default-locale',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const wanted = [/\/i18n\/locales\/hk\.json$/, /antd-mobile\/es\/locales\/zh-HK\.js$/];
        return Object.values(ctx.bundle ?? {})
          .filter((c) => c.type === 'chunk' && wanted.some((w) => w.test(c.facadeModuleId ?? '')))
          .map((c) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${c.fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/** The app's "loading" message (`common.loading`) in each language, for the skeleton's status. */
function loadingTexts(): Record<string, string> {
  return Object.fromEntries(
    Object.keys(LANG_TAGS).map((code) => {
      const file = new URL(`./src/i18n/locales/${code}.json`, import.meta.url);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as { common: { loading: string } };
      return [code, messages.common.loading];
    }),
  );
}

export default defineConfig({
  root,
  base: '/',
  plugins: [
    react(),
    serviceWorker(),
    preloadDefaultLocale(),
    firstPaint(
      {
        storageKey: LANG_STORAGE_KEY,
        tags: LANG_TAGS,
        rtl: [...RTL_LANGS],
        loading: loadingTexts(),
        browser: { tags: LANG_BY_BROWSER_TAG, brokerKey: BROKER_LANG_KEY },
      },
      { storageKey: THEME_STORAGE_KEY, barColors: THEME_BAR_COLORS },
      FIRST_VISIT_SCREENS,
    ),
    precompress(),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    // antd-mobile and friends sit in the root node_modules next to an older React; use this app's React only.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 4096,
    chunkSizeWarningLimit: 300,
    // No <link rel="modulepreload"> for the entry or lazy chunks: starting each request costs a phone's main thread a
    // few milliseconds, and the chunks below are few and shallow.
    modulePreload: false,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every screen runs on, in one file instead of a dozen small ones.
            { name: 'framework', test: FRAMEWORK },
            { name: 'core', test: CORE },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target, changeOrigin: true },
      '/v1': { target, changeOrigin: true, ws: true },
      '/admin': { target, changeOrigin: true },
    },
  },
});
