import type { Plugin, Rollup } from 'vite';

/**
 * The first paint comes from the HTML alone (issue 6 §8, Lighthouse mobile on slow 4G):
 * - the entry's stylesheet is written into the page instead of linked, so painting waits for no request;
 * - the app's scripts and their module preloads are requested right after the skeleton is painted (the next
 *   animation frame, or 50 ms at the latest where frames do not run): they draw nothing until they have all arrived
 *   and run, so the skeleton is not kept waiting behind them on a slow network. The entry's static imports (the
 *   framework and core chunks) are requested with it, not when its code has arrived and been parsed: that was one
 *   more round trip in front of every first screen (150 ms on Lighthouse's slow 4G);
 * - with `langs`, `<html lang dir>` follow the reader's language from the first paint (see documentLanguageScript);
 * - with `theme`, the reader's theme is on `<html>` from the first paint (see documentThemeScript);
 * - with `screens`, a first visit to one of those addresses also requests that screen's chunk, the chunks it imports and
 *   its stylesheets with the app's scripts (see screenPreloads): the app fetches them before drawing the screen, and
 *   otherwise asked for them only once its own code had arrived and run (two more round trips on slow 4G, on the way
 *   to the screen's largest paint).
 */
/** What the page needs to set `<html lang dir>` from the reader's stored language before the first paint. */
export interface DocumentLanguages {
  /** localStorage key of the chosen language code. */
  storageKey: string;
  /** BCP 47 tag per language code. */
  tags: Readonly<Record<string, string>>;
  /** Codes written right to left. */
  rtl: readonly string[];
  /** The "loading" status in each language, by code (see statusScript). */
  loading?: Readonly<Record<string, string>>;
  /**
   * The language code for each primary subtag a browser sends (`navigator.languages`: "de-DE" → de), and the key the
   * broker's default language is kept under: a first visit's page is in the language the app will start in.
   */
  browser?: { tags: Readonly<Record<string, string>>; brokerKey: string };
}

/** The skeleton's loading status and its unseen copies, as index.html writes them. */
const STATUS =
  /<p class="boot-status" role="status">[^<]*<\/p>\s*<p class="boot-status boot-faces" aria-hidden="true">[\s\S]*?<\/p>/;

/**
 * Puts the skeleton's "loading" status (read to screen readers) in the reader's language, right after the parser
 * reaches it and before anything is laid out: the HTML holds the default language's words. Its unseen copies (one per
 * size and weight of the first screens' text) get the same words, so the first layout, before the first paint, readies
 * the reader's script (CJK, Arabic, Thai…) in those sizes and weights. In Chromium on Linux loading a face of Noto Sans
 * CJK costs ~100 ms of main thread and each new size of it 3–18 ms (measured); without the copies that work fell in
 * the first screen's layout, when the page should answer taps.
 */
function statusScript(langs: DocumentLanguages): string {
  const byTag: Record<string, string> = {};
  for (const [code, text] of Object.entries(langs.loading ?? {})) {
    const tag = langs.tags[code];
    if (tag) byTag[tag] = text;
  }
  return (
    `(function(){try{var t=${JSON.stringify(byTag)}[document.documentElement.lang],` +
    `b=document.currentScript.previousElementSibling,c=b.children,i=0;if(t){for(;c[i];i++)c[i].textContent=t;b.previousElementSibling.textContent=t}` +
    `}catch(e){}})()`
  );
}

/**
 * Sets `<html lang dir>` from `?lang=` (an exact code), the stored language, or on a first visit the browser's language
 * among the 14, else the broker's default as last heard (with `browser`), before anything is painted, so an
 * Arabic reader's skeleton is already right to left (the app applies the full rules, aliases included, when it runs).
 * It no longer readies Intl's number and date formatting here (a page's first Intl call loads the locale data, 13–43 ms
 * in Chromium): the first screens format numbers with the app's own formatter (src/i18n/number-format.ts), so that
 * cost falls only on screens that show dates, and Lighthouse counted this script's task as blocking time.
 */
function documentLanguageScript(langs: DocumentLanguages): string {
  return (
    `try{var T=${JSON.stringify(langs.tags)},R=${JSON.stringify(langs.rtl)},` +
    `q=new URLSearchParams(location.search).get('lang'),l=T.hasOwnProperty(q)?q:localStorage.getItem(${JSON.stringify(langs.storageKey)});` +
    (langs.browser
      ? `if(!T.hasOwnProperty(l)){var B=${JSON.stringify(langs.browser.tags)},N=navigator.languages||[],i=0;l=null;` +
        `for(;i<N.length&&!l;i++){var p=String(N[i]).toLowerCase().split(/[-_]/)[0];if(B.hasOwnProperty(p))l=B[p]}` +
        `if(!l)l=localStorage.getItem(${JSON.stringify(langs.browser.brokerKey)})}`
      : '') +
    `if(T.hasOwnProperty(l)){var d=document.documentElement;d.lang=T[l];d.dir=R.indexOf(l)>=0?'rtl':'ltr'}}catch(e){}`
  );
}

/** What the page needs to apply the reader's theme (DESIGN §9) before the first paint. */
export interface DocumentTheme {
  /** localStorage key of the chosen theme (light, dark or system). */
  storageKey: string;
  /** `<meta name="theme-color">` per theme. */
  barColors: Readonly<Record<'light' | 'dark', string>>;
}

/**
 * Applies the theme before anything is painted, so a dark reader never sees a light flash: `?theme=light|dark|system`
 * wins and is stored (as the app does, src/shared/theme), else the stored choice, else the system's (DESIGN §17):
 * "system" and no choice follow `prefers-color-scheme`. Sets `<html data-theme>`, antd-mobile's `data-prefers-color-scheme`, `color-scheme` and the
 * browser bar's colour (src/shared/theme/theme.ts applyDocumentTheme does the same while the app runs).
 */
export function documentThemeScript(theme: DocumentTheme): string {
  return (
    `try{var C=/^(light|dark|system)$/,k=${JSON.stringify(theme.storageKey)},q=new URLSearchParams(location.search).get('theme'),c;` +
    `if(C.test(q)){c=q;try{localStorage.setItem(k,q)}catch(e){}}else{c=localStorage.getItem(k)}` +
    `var d=c==='dark'||c!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches,t=d?'dark':'light',h=document.documentElement;` +
    `h.setAttribute('data-theme',t);if(d)h.setAttribute('data-prefers-color-scheme','dark');h.style.colorScheme=t;` +
    `var m=document.querySelector('meta[name="theme-color"]');if(m)m.content=${JSON.stringify(theme.barColors)}[t]}catch(e){}`
  );
}

/** Every chunk the entry scripts import statically, nearest first, as `/assets/…` addresses. */
export function staticImportsOf(bundle: Rollup.OutputBundle, scripts: readonly string[]): string[] {
  const seen = new Set<string>(scripts.map((s) => s.replace(/^\//, '')));
  const queue = [...seen];
  const found: string[] = [];
  for (let i = 0; i < queue.length; i++) {
    const chunk = bundle[queue[i]!];
    if (chunk?.type !== 'chunk') continue;
    for (const file of chunk.imports) {
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(file);
      found.push(`/${file}`);
    }
  }
  return found;
}

/** What a first visit to one address fetches besides the app's own scripts: module preloads and stylesheets. */
export interface ScreenPreload {
  js: string[];
  css: string[];
}

/**
 * Per address, the chunk whose module is `screens[address]` (a path ending, e.g. `src/app/screens/trade-screen.tsx`),
 * its static imports all the way down and their stylesheets, less what the page loads anyway (`already`: the entry's
 * scripts and preloads, and the stylesheets written into the page).
 * An address whose module is not in the bundle is left out.
 */
export function screenPreloads(
  bundle: Rollup.OutputBundle,
  screens: Readonly<Record<string, string>>,
  already: readonly string[],
): Record<string, ScreenPreload> {
  const out: Record<string, ScreenPreload> = {};
  for (const [address, module] of Object.entries(screens)) {
    const chunk = Object.values(bundle).find(
      (c): c is Rollup.OutputChunk => c.type === 'chunk' && (c.facadeModuleId ?? '').endsWith(module),
    );
    if (!chunk) continue;
    const files = [`/${chunk.fileName}`, ...staticImportsOf(bundle, [chunk.fileName])];
    const js = files.filter((f) => !already.includes(f));
    const css = files.flatMap((f) => {
      const c = bundle[f.slice(1)];
      return c?.type === 'chunk' ? [...(c.viteMetadata?.importedCss ?? [])].map((file) => `/${file}`) : [];
    });
    out[address] = { js, css: [...new Set(css)].filter((f) => !already.includes(f)) };
  }
  return out;
}

export function firstPaint(langs?: DocumentLanguages, theme?: DocumentTheme, screens?: Readonly<Record<string, string>>): Plugin {
  return {
    name: 'tradepad-first-paint',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const inlined: string[] = [];
        let out = html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file] as Rollup.OutputAsset | undefined;
          if (asset?.type !== 'asset') return tag;
          inlined.push(`/${file}`);
          // The disabled link is never fetched; it tells Vite's loader that this stylesheet is in the page already,
          // so a lazy chunk that lists it does not load it again.
          const inline = String(asset.source).replace(/<\/style/gi, '<\\/style');
          return `<style>${inline}</style><link rel="stylesheet" href="/${file}" disabled>`;
        });
        const scripts: string[] = [];
        const preloads: string[] = [];
        out = out.replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
          scripts.push(src);
          return '';
        });
        out = out.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
          preloads.push(href);
          return '';
        });
        if (theme) out = out.replace('</head>', `  <script>${documentThemeScript(theme)}</script>\n  </head>`);
        if (langs) out = out.replace('</head>', `  <script>${documentLanguageScript(langs)}</script>\n  </head>`);
        if (langs?.loading) out = out.replace(STATUS, (m) => `${m}<script>${statusScript(langs)}</script>`);
        if (scripts.length === 0) return out;
        // The largest first: the framework chunk is the longest download on the way to the first screen.
        preloads.unshift(...staticImportsOf(bundle, scripts).filter((file) => !preloads.includes(file)));
        const routes = screens ? screenPreloads(bundle, screens, [...scripts, ...preloads, ...inlined]) : {};
        // The address's screen after the app's own chunks (a trailing slash aside; case as the server routes it).
        const route = Object.keys(routes).length
          ? `try{var r=${JSON.stringify(routes)}[location.pathname.replace(/\\/+$/,'')||'/'];` +
            `if(r){p=p.concat(r.js);r.css.forEach(function(u){var l=document.createElement('link');l.rel='preload';l.as='style';l.crossOrigin='';l.href=u;h.appendChild(l)})}}catch(e){}`
          : '';
        const loader =
          `(function(){var done=0;function load(){if(done++)return;var h=document.head,p=${JSON.stringify(preloads)};${route}` +
          `p.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)});` +
          `${JSON.stringify(scripts)}.forEach(function(u){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=u;h.appendChild(s)})}` +
          `requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,50)})()`;
        return out.replace('</body>', `  <script>${loader}</script>\n  </body>`);
      },
    },
  };
}
