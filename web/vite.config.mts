import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console is served under /console by web/server/web-server.ts, from dist/web/console.
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
  },
});
