import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

/**
 * zod once tries to build a function from a string, to learn whether it may compile its parsers,
 * when the first object schema is made. Our Content-Security-Policy forbids it (no
 * 'unsafe-eval'): zod falls back, but the refused attempt is reported as a CSP issue on every
 * page (e2e/content-security.spec.ts). Its "jitless" setting skips the attempt; it must be set
 * before the contract's schemas are made, in whichever chunk the bundler puts them, so it is
 * written at the top of zod's own configuration module, the first zod code to run.
 */
function zodJitless(): Plugin {
  return {
    name: 'guildhall:zod-jitless',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      return { code: `(globalThis.__zod_globalConfig ??= {}).jitless = true;\n${code}`, map: null };
    },
  };
}

/**
 * Small modules that the landing page and the signed-in screens share (status messages, the
 * theme and language buttons, the error texts, react-query's mutations), with every icon: one
 * chunk, which the landing page asks for instead of eight.
 */
const COMMON_MODULES = [
  'src/components/ui/status-message.tsx',
  'src/components/ui/theme-button.tsx',
  'src/components/ui/language-button.tsx',
  'src/lib/api-error-text.ts',
  '@tanstack/react-query/build/modern/useMutation.js',
];
const isCommon = (id: string) =>
  /node_modules[\\/]lucide-react[\\/]/.test(id) ||
  COMMON_MODULES.some((path) => id.replaceAll('\\', '/').endsWith(path));

/** zod, and the web's module of the answers' schemas, which only development loads. */
const SCHEMA_MODULES = /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]answer-schemas\.ts$/;
const CONTRACT = /packages[\\/]contract[\\/]/;
/** The contract's modules that make no schema: constants, abilities, the time zones' list. */
const ZOD_FREE_CONTRACT = /[\\/](constants|abilities|time-zones|index)\.js$/;

/**
 * React Router 7's package points every import at its development build (its warnings and
 * checks included, remix-run/react-router#14102); the production build beside it is the same
 * code without them. The build takes it; the dev server and the tests keep the development one.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), inlineEntryStyleSheet(), zodJitless()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The limit that matters is the gzip budget of the first paint, which `npm run check:size`
    // enforces; the entry chunk of React, the router, the query cache and zod is ~550 KB raw.
    chunkSizeWarningLimit: 600,
    // Published with the scripts, so that an error in the browser points at the source (the
    // code is not secret, and a browser only fetches a map when its developer tools are open).
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Each request after the first paint costs a round trip on a phone's network, six at a
        // time over HTTP/1.1: fewer, larger chunks (docs/decisions/012-web-first-paint-budget.md).
        codeSplitting: {
          groups: [
            // What the first paint runs, in the entry chunk rather than in five: it gzips 3 KB
            // smaller. Taken first, it also keeps the groups below, which take their modules'
            // imports with them, from pulling the entry's modules out of it.
            { name: 'startup', tags: ['$initial'], priority: 1 },
            // The Markdown parser and the contract's module around it: only an editor's preview
            // loads them (decision 055), so they keep a chunk of their own, out of `vendor` and
            // `schemas`, which every signed-in screen or form loads.
            {
              name: 'markdown',
              priority: 2,
              test: /node_modules[\\/](markdown-it|linkify-it|mdurl|uc\.micro|punycode\.js|entities)[\\/]|packages[\\/]contract[\\/](src|dist)[\\/]markdown\.[jt]s$/,
            },
            // zod and the contract's schemas, for the forms (a production build does not check the
            // answers, decision 045). The contract's modules without
            // schemas (its constants) stay out, so that a screen using a constant does not bring
            // zod along. Before `common`, which would take them with the error texts.
            {
              name: 'schemas',
              priority: 1,
              test: (id: string) =>
                SCHEMA_MODULES.test(id) || (CONTRACT.test(id) && !ZOD_FREE_CONTRACT.test(id)),
            },
            // What the landing page shares with the signed-in screens.
            { name: 'common', priority: 1, test: isCommon },
            // The forms' library and the app's modules built on it: the frame and the read-only
            // screens (dashboard, profiles) do without them, 13 KB of gzip.
            {
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]|src[\\/]lib[\\/](contract-form|member-profile-form)\.ts$/,
            },
            // The other libraries of the signed-in screens (Radix, DOMPurify) in one chunk, and
            // the modules that two screens or more share in another: a screen asks for a handful
            // of files instead of forty or more, which HTTP/1.1 would fetch six at a time. The
            // ranking card's chart (46 KB, drawn after the page) keeps its own, and the toasts'
            // Radix package stays with the toasts' region, which comes once the page has settled.
            {
              name: 'vendor',
              test: /node_modules[\\/](?!chart\.js|react-chartjs-2|@kurkle|@radix-ui[\\/]react-toast)/,
            },
            { name: 'shared', test: /src[\\/](?!i18n[\\/])/, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/auth': apiServer,
    },
  },
}));
