import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext, Rollup } from 'vite';
import { documentThemeScript, firstPaint, screenPreloads } from './first-paint.ts';

/** index.html as Vite writes it into the build, before this plugin's post step. */
const BUILT_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Tradepad</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/en-def456.js">
    <link rel="modulepreload" crossorigin href="/assets/vendor-ghi789.js">
    <link rel="stylesheet" crossorigin href="/assets/index-xyz000.css">
  </head>
  <body>
    <div id="root"><div class="boot">skeleton</div></div>
  </body>
</html>
`;

const CSS = '.boot{color:red}.q::after{content:"</style><b>x</b>"}.r::before{content:"</STYLE >"}';

function asset(fileName: string, source: string | Uint8Array): Rollup.OutputAsset {
  return {
    type: 'asset',
    fileName,
    name: fileName,
    names: [fileName],
    originalFileName: null,
    originalFileNames: [],
    source,
    needsCodeReference: false,
  } as unknown as Rollup.OutputAsset;
}

function chunk(fileName: string, imports: string[] = [], facadeModuleId?: string, css: string[] = []): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    code: 'export {}',
    imports,
    facadeModuleId: facadeModuleId ?? null,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as Rollup.OutputChunk;
}

const BUNDLE: Rollup.OutputBundle = {
  'assets/index-xyz000.css': asset('assets/index-xyz000.css', CSS),
  'assets/index-abc123.js': chunk('assets/index-abc123.js'),
  'assets/en-def456.js': chunk('assets/en-def456.js'),
  'assets/vendor-ghi789.js': chunk('assets/vendor-ghi789.js'),
};

type Handler = (html: string, ctx: Partial<IndexHtmlTransformContext>) => string;

/** Runs the plugin's post step on `html`; `null` for a context without a bundle. */
function transform(html: string, bundle: Rollup.OutputBundle | null = BUNDLE): string {
  const hook = firstPaint().transformIndexHtml as { order: string; handler: Handler };
  return hook.handler(html, { path: '/index.html', filename: 'index.html', bundle: bundle ?? undefined });
}

const stylesheetLinks = (html: string) => html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];

const headOf = (html: string) => html.slice(html.indexOf('<head>'), html.indexOf('</head>'));

/** The inline scripts of a page (what the server hashes for its CSP, apps/server/src/core/security-headers.ts). */
const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

interface FakeElement {
  tag: string;
  [attribute: string]: unknown;
}

/**
 * Runs the loader in a page of its own: a `document` whose head records what is appended, and frames and timers
 * that run only when the test fires them.
 */
function runLoader(code: string, pathname = '/') {
  const appended: FakeElement[] = [];
  const frames: Array<() => void> = [];
  const timers: Array<{ run: () => void; ms: number | undefined }> = [];
  const document = {
    head: { appendChild: (el: FakeElement) => appended.push(el) },
    createElement: (tag: string): FakeElement => ({ tag }),
  };
  const requestAnimationFrame = (run: () => void) => frames.push(run);
  const setTimeout = (run: () => void, ms?: number) => timers.push({ run, ms });
  new Function('document', 'requestAnimationFrame', 'setTimeout', 'location', code)(document, requestAnimationFrame, setTimeout, {
    pathname,
  });
  /** Fires the first frame or timer not fired yet whose delay is `ms` (for timers). */
  const fire = (what: 'frame' | number) => {
    const queue = what === 'frame' ? frames : timers;
    const i = what === 'frame' ? 0 : timers.findIndex((t) => t.ms === what);
    if (i < 0 || i >= queue.length) throw new Error(`nothing queued for ${String(what)}`);
    const [entry] = queue.splice(i, 1);
    if (typeof entry === 'function') entry();
    else entry!.run();
  };
  return { appended, frames, timers, fire };
}

const EXPECTED_APPENDED: FakeElement[] = [
  { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/en-def456.js' },
  { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/vendor-ghi789.js' },
  { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-abc123.js' },
];

describe('firstPaint', () => {
  it('runs after the other plugins, on builds only', () => {
    const plugin = firstPaint();
    expect(plugin.apply).toBe('build');
    expect((plugin.transformIndexHtml as { order: string }).order).toBe('post');
  });

  it('writes the entry stylesheet into the page, with `</style` escaped, and leaves only a disabled link to it', () => {
    const out = transform(BUILT_HTML);
    // The disabled link is never fetched (it tells Vite's CSS loader that the stylesheet is in the page already).
    expect(stylesheetLinks(out)).toEqual(['<link rel="stylesheet" href="/assets/index-xyz000.css" disabled>']);
    const styles = [...out.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles).toEqual([CSS.replace(/<\/style/gi, '<\\/style')]);
    expect(styles[0]).toContain('.boot{color:red}');
    expect(styles[0]).not.toMatch(/<\/style/i);
    expect(headOf(out)).toContain('<style>');
  });

  it('leaves a stylesheet that is not an asset of the bundle linked', () => {
    const html = BUILT_HTML.replace('</head>', '<link rel="stylesheet" href="/vendor/other.css">\n  </head>');
    const out = transform(html);
    expect(out).toContain('<link rel="stylesheet" href="/vendor/other.css">');
    expect(transform(BUILT_HTML, {})).toContain('<link rel="stylesheet" crossorigin href="/assets/index-xyz000.css">');
  });

  it('takes the module script and the module preloads out of the head, for one inline loader before </body>', () => {
    const out = transform(BUILT_HTML);
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).not.toContain('modulepreload" crossorigin');
    expect(headOf(out)).not.toContain('<script');
    // The other links and the body stay as they were.
    expect(out).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(out).toContain('<div id="root"><div class="boot">skeleton</div></div>');

    const scripts = inlineScripts(out);
    expect(scripts).toHaveLength(1);
    expect(out).toMatch(/<script>[^<]*<\/script>\s*<\/body>/);
    expect(out.match(/<script/g)).toHaveLength(1);
    const loader = scripts[0]!;
    expect(loader).toContain('["/assets/index-abc123.js"]');
    expect(loader).toContain('["/assets/en-def456.js","/assets/vendor-ghi789.js"]');
  });

  it("requests the entry's static imports (all the way down) with it, first, each once", () => {
    const bundle: Rollup.OutputBundle = {
      ...BUNDLE,
      'assets/index-abc123.js': chunk('assets/index-abc123.js', ['assets/framework-1.js', 'assets/core-2.js']),
      'assets/framework-1.js': chunk('assets/framework-1.js', ['assets/runtime-3.js']),
      'assets/core-2.js': chunk('assets/core-2.js', ['assets/framework-1.js', 'assets/vendor-ghi789.js']),
      'assets/runtime-3.js': chunk('assets/runtime-3.js'),
    };
    const loader = inlineScripts(transform(BUILT_HTML, bundle))[0]!;
    expect(loader).toContain(
      '["/assets/framework-1.js","/assets/core-2.js","/assets/runtime-3.js","/assets/en-def456.js","/assets/vendor-ghi789.js"]',
    );
  });

  it('adds no loader when the page has no module script', () => {
    const html = BUILT_HTML.replace(/\s*<script type="module"[^>]*><\/script>/, '');
    const out = transform(html);
    expect(inlineScripts(out)).toEqual([]);
    expect(out).not.toContain('<script');
    expect(out).toContain('<style>');
  });

  it('works without a bundle (no stylesheet to inline)', () => {
    const out = transform(BUILT_HTML, null);
    expect(stylesheetLinks(out)).toEqual(['<link rel="stylesheet" crossorigin href="/assets/index-xyz000.css">']);
    expect(out).not.toContain('<style>');
    expect(inlineScripts(out)).toHaveLength(1);
  });

  describe('the loader', () => {
    const loader = () => inlineScripts(transform(BUILT_HTML))[0]!;

    it('requests nothing until the first frame (and a task after it) or 50 ms', () => {
      const page = runLoader(loader());
      expect(page.appended).toEqual([]);
      expect(page.frames).toHaveLength(1);
      expect(page.timers.map((t) => t.ms)).toEqual([50]);
    });

    it('appends the preloads and one module script once, when the frame comes first and the 50 ms later', () => {
      const page = runLoader(loader());
      page.fire('frame');
      expect(page.appended).toEqual([]); // the frame only queues a task
      page.fire(0);
      expect(page.appended).toEqual(EXPECTED_APPENDED);
      page.fire(50);
      expect(page.appended).toEqual(EXPECTED_APPENDED);
    });

    it('appends them once when the 50 ms come first (no frames: a background tab) and the frame later', () => {
      const page = runLoader(loader());
      page.fire(50);
      expect(page.appended).toEqual(EXPECTED_APPENDED);
      page.fire('frame');
      page.fire(0);
      expect(page.appended).toEqual(EXPECTED_APPENDED);
      expect(page.appended.filter((el) => el.tag === 'script')).toHaveLength(1);
    });
  });
});

describe('the first visit to a screen', () => {
  const SCREENS = { '/': 'src/home.tsx', '/trade': 'src/trade.tsx', '/gone': 'src/gone.tsx' };
  const bundle: Rollup.OutputBundle = {
    ...BUNDLE,
    'assets/index-abc123.js': chunk('assets/index-abc123.js', ['assets/vendor-ghi789.js']),
    'assets/home-1.js': chunk('assets/home-1.js', ['assets/vendor-ghi789.js'], '/app/src/home.tsx', ['assets/home-1.css']),
    'assets/trade-2.js': chunk('assets/trade-2.js', ['assets/list-3.js', 'assets/vendor-ghi789.js'], '/app/src/trade.tsx', [
      'assets/trade-2.css',
      'assets/index-xyz000.css',
    ]),
    'assets/list-3.js': chunk('assets/list-3.js', ['assets/icons-4.js'], undefined, ['assets/list-3.css']),
    'assets/icons-4.js': chunk('assets/icons-4.js'),
  };

  it("lists each screen's chunk, its imports all the way down and their stylesheets, less what the page has", () => {
    const already = ['/assets/index-abc123.js', '/assets/vendor-ghi789.js', '/assets/index-xyz000.css'];
    expect(screenPreloads(bundle, SCREENS, already)).toEqual({
      '/': { js: ['/assets/home-1.js'], css: ['/assets/home-1.css'] },
      '/trade': {
        js: ['/assets/trade-2.js', '/assets/list-3.js', '/assets/icons-4.js'],
        css: ['/assets/trade-2.css', '/assets/list-3.css'],
      },
    });
  });

  function loaderFor(pathname: string) {
    const hook = firstPaint(undefined, undefined, SCREENS).transformIndexHtml as { handler: Handler };
    const html = hook.handler(BUILT_HTML, { path: '/index.html', filename: 'index.html', bundle });
    const page = runLoader(inlineScripts(html)[0]!, pathname);
    page.fire(50);
    return page.appended;
  }

  it("requests the address's screen with the app's scripts, its stylesheets as preloads", () => {
    expect(loaderFor('/trade/')).toEqual([
      { tag: 'link', rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/trade-2.css' },
      { tag: 'link', rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/list-3.css' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/en-def456.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/vendor-ghi789.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/trade-2.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/list-3.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/icons-4.js' },
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-abc123.js' },
    ]);
    expect(loaderFor('/').map((el) => el.href ?? el.src)).toEqual([
      '/assets/home-1.css',
      '/assets/en-def456.js',
      '/assets/vendor-ghi789.js',
      '/assets/home-1.js',
      '/assets/index-abc123.js',
    ]);
  });

  it('requests only the app itself elsewhere (an address of no listed screen, or one not in the bundle)', () => {
    for (const pathname of ['/login', '/gone', '/trade/x', '/TRADEX', '/constructor', '/__proto__', '/hasOwnProperty'])
      expect(loaderFor(pathname)).toEqual(EXPECTED_APPENDED);
  });
});

describe('the document language before the first paint', () => {
  const LANGS = { storageKey: 'tradepad.lang', tags: { hk: 'zh-HK', en: 'en', de: 'de', ar: 'ar' }, rtl: ['ar'] };

  /** The head's language script, run against a page with `search` and a stored language (or a storage that throws). */
  function run(search: string, stored: string | null | Error, formats: string[] = []) {
    const hook = firstPaint(LANGS).transformIndexHtml as { handler: Handler };
    const html = hook.handler(BUILT_HTML, { path: '/index.html', filename: 'index.html', bundle: BUNDLE });
    const script = inlineScripts(headOf(html))[0]!;
    const documentElement = { lang: 'zh-HK', dir: 'ltr' };
    const localStorage = {
      getItem: (key: string) => {
        if (stored instanceof Error) throw stored;
        return key === LANGS.storageKey ? stored : null;
      },
    };
    new Function('document', 'localStorage', 'location', 'URLSearchParams', 'Intl', script)(
      { documentElement },
      localStorage,
      { search },
      URLSearchParams,
      new Proxy({}, { get: (_, name) => formats.push(String(name)) }),
    );
    return documentElement;
  }

  it('sets lang and dir from the stored language, right to left for Arabic', () => {
    expect(run('', 'ar')).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(run('', 'de')).toEqual({ lang: 'de', dir: 'ltr' });
  });

  it('lets an exact ?lang= code win over the stored one', () => {
    expect(run('?lang=de', 'ar')).toEqual({ lang: 'de', dir: 'ltr' });
    expect(run('?lang=tw', 'ar')).toEqual({ lang: 'ar', dir: 'rtl' });
  });

  it('leaves Intl alone: the first screens format numbers without it, and its first call costs 13–43 ms', () => {
    const used: string[] = [];
    run('', 'de', used);
    run('', null, used);
    expect(used).toEqual([]);
  });

  it('leaves the page as it is for an unknown code, nothing stored, or a storage that refuses', () => {
    expect(run('', 'klingon')).toEqual({ lang: 'zh-HK', dir: 'ltr' });
    expect(run('', 'hasOwnProperty')).toEqual({ lang: 'zh-HK', dir: 'ltr' });
    expect(run('', null)).toEqual({ lang: 'zh-HK', dir: 'ltr' });
    expect(run('', new Error('denied'))).toEqual({ lang: 'zh-HK', dir: 'ltr' });
  });
});

describe('the document language of a first visit (DESIGN §17)', () => {
  const LANGS = {
    storageKey: 'tradepad.lang',
    tags: { hk: 'zh-HK', en: 'en', de: 'de', ar: 'ar' },
    rtl: ['ar'],
    browser: { tags: { zh: 'hk', en: 'en', de: 'de', ar: 'ar' }, brokerKey: 'tradepad.brokerLang' },
  };

  function run(stored: Record<string, string>, languages: string[]) {
    const hook = firstPaint(LANGS).transformIndexHtml as { handler: Handler };
    const html = hook.handler(BUILT_HTML, { path: '/index.html', filename: 'index.html', bundle: BUNDLE });
    const script = inlineScripts(headOf(html))[0]!;
    const documentElement = { lang: 'zh-HK', dir: 'ltr' };
    new Function('document', 'localStorage', 'location', 'URLSearchParams', 'navigator', script)(
      { documentElement },
      { getItem: (key: string) => stored[key] ?? null },
      { search: '' },
      URLSearchParams,
      { languages },
    );
    return documentElement;
  }

  it("is the browser's first language among the 14 when nothing is stored", () => {
    expect(run({}, ['ar-EG', 'en'])).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(run({}, ['pl', 'de-DE'])).toEqual({ lang: 'de', dir: 'ltr' });
  });

  it("else the broker's default as last heard, and a stored choice wins over both", () => {
    expect(run({ 'tradepad.brokerLang': 'en' }, ['pl'])).toEqual({ lang: 'en', dir: 'ltr' });
    expect(run({}, ['pl'])).toEqual({ lang: 'zh-HK', dir: 'ltr' });
    expect(run({ 'tradepad.lang': 'de' }, ['ar'])).toEqual({ lang: 'de', dir: 'ltr' });
  });
});

describe('the loading status in the reader’s language', () => {
  const LANGS = {
    storageKey: 'tradepad.lang',
    tags: { hk: 'zh-HK', en: 'en', ar: 'ar' },
    rtl: ['ar'],
    loading: { hk: '載入中…', en: 'Loading…', ar: 'جارٍ التحميل…' },
  };
  const STATUS_HTML =
    '<!-- status -->\n      <p class="boot-status" role="status">載入中…</p>\n' +
    '      <p class="boot-status boot-faces" aria-hidden="true">\n        <span>載入中…</span><span>載入中…</span>\n      </p>';
  const PAGE = BUILT_HTML.replace('<div class="boot">', `${STATUS_HTML}<div class="boot">`);

  function build(langs: Parameters<typeof firstPaint>[0] = LANGS): string {
    const hook = firstPaint(langs).transformIndexHtml as { handler: Handler };
    return hook.handler(PAGE, { path: '/index.html', filename: 'index.html', bundle: BUNDLE });
  }

  /** Runs the status script in a page whose <html lang> is `lang`; returns the status's text and its copies'. */
  function run(lang: string) {
    const status = { textContent: '載入中…' };
    const copies = { children: [{ textContent: '載入中…' }, { textContent: '載入中…' }], previousElementSibling: status };
    const script = inlineScripts(build()).find((s) => s.includes('currentScript'))!;
    new Function('document', script)({ documentElement: { lang }, currentScript: { previousElementSibling: copies } });
    return [status.textContent, ...copies.children.map((c) => c.textContent)];
  }

  it('comes right after the unseen copies, so it runs before the first layout', () => {
    expect(build()).toMatch(
      /<p class="boot-status boot-faces" aria-hidden="true">\s*(<span>載入中…<\/span>)+\s*<\/p><script>[^<]*currentScript[^<]*<\/script>/,
    );
  });

  it('puts the status and every copy in the page’s language, and leaves them for a language it does not know', () => {
    expect(run('en')).toEqual(['Loading…', 'Loading…', 'Loading…']);
    expect(run('ar')).toEqual(['جارٍ التحميل…', 'جارٍ التحميل…', 'جارٍ التحميل…']);
    expect(run('tlh')).toEqual(['載入中…', '載入中…', '載入中…']);
  });

  it('is not added without the texts', () => {
    const { loading: _unused, ...withoutTexts } = LANGS;
    expect(build(withoutTexts)).not.toContain('currentScript');
  });
});

describe('documentThemeScript', () => {
  /** Runs the page's theme script against a minimal document, storage and media query. */
  function run(search: string, stored: string | null, systemDark = false) {
    const attrs: Record<string, string> = {};
    const html = {
      style: { colorScheme: '' },
      setAttribute: (k: string, v: string) => (attrs[k] = v),
    };
    const meta = { content: '#ffffff' };
    const storage = new Map<string, string>(stored ? [['tradepad.theme', stored]] : []);
    const script = documentThemeScript({ storageKey: 'tradepad.theme', barColors: { light: '#ffffff', dark: '#141a24' } });
    new Function('location', 'localStorage', 'matchMedia', 'document', script)(
      { search },
      { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
      () => ({ matches: systemDark }),
      { documentElement: html, querySelector: () => meta },
    );
    return { attrs, colorScheme: html.style.colorScheme, bar: meta.content, stored: storage.get('tradepad.theme') };
  }

  it('follows the system until chosen, with nothing stored (DESIGN §17)', () => {
    expect(run('', null)).toEqual({ attrs: { 'data-theme': 'light' }, colorScheme: 'light', bar: '#ffffff', stored: undefined });
    expect(run('', null, true)).toEqual({
      attrs: { 'data-theme': 'dark', 'data-prefers-color-scheme': 'dark' },
      colorScheme: 'dark',
      bar: '#141a24',
      stored: undefined,
    });
    // A chosen light theme stays light on a dark phone.
    expect(run('', 'light', true)).toMatchObject({ attrs: { 'data-theme': 'light' } });
  });

  it('applies a stored dark choice, with antd-mobile’s attribute and the bar colour', () => {
    expect(run('', 'dark')).toEqual({
      attrs: { 'data-theme': 'dark', 'data-prefers-color-scheme': 'dark' },
      colorScheme: 'dark',
      bar: '#141a24',
      stored: 'dark',
    });
  });

  it('?theme= wins and is stored; an unknown value is ignored', () => {
    expect(run('?theme=dark', 'light')).toMatchObject({ attrs: { 'data-theme': 'dark' }, stored: 'dark' });
    expect(run('?theme=neon', 'light')).toMatchObject({ attrs: { 'data-theme': 'light' }, stored: 'light' });
  });

  it('"system" follows prefers-color-scheme', () => {
    expect(run('?theme=system', null, true)).toMatchObject({ attrs: { 'data-theme': 'dark' }, stored: 'system' });
    expect(run('', 'system', false)).toMatchObject({ attrs: { 'data-theme': 'light' } });
  });
});
