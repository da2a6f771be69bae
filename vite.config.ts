import { defineConfig } from 'vite';
import path from 'node:path';

// The renderer: built to build/renderer and served by the web host or Electron's app:// protocol.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'renderer'),
  base: './',
  build: {
    outDir: path.resolve(import.meta.dirname, 'build/renderer'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    modulePreload: { polyfill: false },
    // Two pages: the app, and the small participant page of room votes (its own bundle).
    rollupOptions: {
      input: {
        main: path.resolve(import.meta.dirname, 'renderer/index.html'),
        participant: path.resolve(import.meta.dirname, 'renderer/participant/index.html'),
      },
    },
  },
  esbuild: { jsx: 'automatic' },
});
