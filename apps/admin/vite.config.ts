import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../build/vite-precompress.ts';

export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { port: 5174, proxy: { '/admin/api': 'http://localhost:8080' } },
});
