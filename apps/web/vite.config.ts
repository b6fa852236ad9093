import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
/** Where `npm run dev` sends API and websocket calls: the server started by `npm start` (PORT 8080 by default). */
const target = process.env.TRADEPAD_SERVER ?? 'http://localhost:8080';
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The contracts package builds its zod schemas at module level next to the plain constants the app needs
 * (`ACCOUNT_TYPE_EMAIL`, …). A bundler must assume those top-level calls have side effects, so importing one
 * constant would drag all of zod (~25 kB gz) into the app. This wraps each top-level `const` initialiser that makes
 * calls in a pure IIFE, so schemas the app does not use are dropped. Scoped to packages/contracts; build only.
 */
function pureContractSchemas(): Plugin {
  const contractsDir = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));
  type Node = { type: string; start: number; end: number; [key: string]: unknown };
  const hasCall = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    const n = node as Node;
    if (n.type === 'CallExpression' || n.type === 'NewExpression' || n.type === 'TaggedTemplateExpression') return true;
    if (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression') return false;
    return Object.values(n).some((v) => (Array.isArray(v) ? v.some(hasCall) : hasCall(v)));
  };
  return {
    name: 'tradepad:pure-contract-schemas',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(contractsDir)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const inits: Node[] = [];
      for (const statement of program.body) {
        const declaration = (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement) as Node | null;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const d of declaration.declarations as Node[]) {
          const init = d.init as Node | null;
          if (init && hasCall(init)) inits.push(init);
        }
      }
      if (inits.length === 0) return null;
      let out = code;
      for (const init of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
      }
      return { code: out, map: null };
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), pureContractSchemas()],
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
