import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In production the server serves dist/ on the same origin as the API; in development Vite
// stands in front and forwards the API and the sign-in routes to it.
const apiServer = 'http://localhost:5000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The limit that matters is the gzip budget of the first paint, which `npm run check:size`
    // enforces; the entry chunk of React, the router, the query cache and zod is ~500 KB raw.
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/auth': apiServer,
    },
  },
});
