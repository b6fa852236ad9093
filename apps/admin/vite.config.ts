import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../build/vite-precompress.ts';

export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  // react-admin's packages are hoisted to the root, where another workspace's dependency put React 18: every import of
  // React must resolve to this app's React 19.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: { outDir: 'dist', emptyOutDir: true },
  server: { port: 5174, proxy: { '/admin/api': 'http://localhost:8080' } },
});
