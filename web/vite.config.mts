import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console (index.html) and the installer page (installer.html) are served by
// web/server/web-server.ts at /console and /installer, from dist/web/console; their assets share /console/assets.
export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, '..', 'dist', 'web', 'console'),
    // Keep the assets of earlier builds: a running web process still serves the index.html it
    // read at start-up, whose hashed asset names a rebuild (npm test, npm start) would otherwise delete.
    emptyOutDir: false,
    sourcemap: true,
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      input: { console: resolve(import.meta.dirname, 'index.html'), installer: resolve(import.meta.dirname, 'installer.html') },
    },
  },
});
