import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In production the server serves dist/ on the same origin as the API; in development Vite
// stands in front and forwards the API and the sign-in routes to it.
const apiServer = 'http://localhost:5000';

/**
 * Writes the entry's style sheet (a few kilobytes, the frame every screen needs) into index.html:
 * as a file, it is one more request that the first paint waits for. The Content-Security-Policy
 * allows inline styles.
 */
function inlineEntryStyleSheet(): Plugin {
  return {
    name: 'guildhall:inline-entry-style-sheet',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has linked the built style sheet.
      order: 'post',
      handler: (html, { bundle }) =>
        html.replace(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/g, (link, fileName) => {
          const sheet = bundle?.[fileName];
          return sheet?.type === 'asset' ? `<style>${String(sheet.source)}</style>` : link;
        }),
    },
  };
}

export default defineConfig({
  plugins: [react(), inlineEntryStyleSheet()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The limit that matters is the gzip budget of the first paint, which `npm run check:size`
    // enforces; the entry chunk of React, the router, the query cache and zod is ~500 KB raw.
    chunkSizeWarningLimit: 600,
    // Published with the scripts, so that an error in the browser points at the source (the
    // code is not secret, and a browser only fetches a map when its developer tools are open).
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/auth': apiServer,
    },
  },
});
