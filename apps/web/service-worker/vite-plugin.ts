import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Files of `public/` the shell needs offline besides the build's own output. */
const PUBLIC_SHELL = ['/index.html', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId?: string | null;
  code?: string;
  viteMetadata?: { importedCss?: Set<string> };
}

/** Chunks for one language (the app's messages, antd-mobile's texts): kept when used, never fetched ahead. */
const PER_LANGUAGE = [/[\\/]i18n[\\/]locales[\\/][^\\/]+\.json$/, /antd-mobile[\\/]es[\\/]locales[\\/]/];

/**
 * Emits `sw.js` (service-worker/sw.js with its version, app shell and screens filled in) into the build. The shell is
 * index.html and the entry chunk with everything it imports statically, and their CSS: what the first screen loads
 * before any lazy screen. The screens are every other chunk and its CSS but the per-language ones: fetched once the
 * worker is installed, so a screen opens offline even if it was never opened before (issue 17).
 */
export function serviceWorker(): Plugin {
  const template = readFileSync(new URL('./sw.js', import.meta.url), 'utf8');
  return {
    name: 'tradepad-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle))
        if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);
      const files = new Set<string>();
      const visit = (name: string) => {
        const chunk = chunks.get(name);
        if (!chunk || files.has(name)) return;
        files.add(name);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        chunk.imports.forEach(visit);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      const shell = [...PUBLIC_SHELL, ...[...files].sort().map((f) => `/${f}`)];
      const screens = new Set<string>();
      for (const chunk of chunks.values()) {
        if (files.has(chunk.fileName) || PER_LANGUAGE.some((p) => p.test(chunk.facadeModuleId ?? ''))) continue;
        // A chunk of CSS only has no script left once Vite has taken its CSS out: keep the CSS alone.
        if (chunk.code?.replace(/\/\*[\s\S]*?\*\//g, '').trim()) screens.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) if (!files.has(css)) screens.add(css);
      }
      const lazy = [...screens].sort().map((f) => `/${f}`);
      const version = createHash('sha256')
        .update(template)
        .update(shell.join('\n'))
        .update(lazy.join('\n'))
        .digest('hex')
        .slice(0, 12);
      const source = template
        .replace("'__TRADEPAD_VERSION__'", JSON.stringify(version))
        .replace('/* __TRADEPAD_SHELL__ */ []', JSON.stringify(shell, null, 2))
        .replace('/* __TRADEPAD_SCREENS__ */ []', JSON.stringify(lazy, null, 2));
      if (source.includes('__TRADEPAD_')) this.error('service-worker/sw.js: placeholders not found');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
