// zod's "jitless" setting is written into zod itself by the build (vite.config.ts, zodJitless).
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@/app/app-providers';
import { createQueryClient } from '@/app/query-client';
import { preloadPages } from '@/app/lazy-page';
import { applyStoredScheme } from '@/lib/theme/color-scheme';
import { loadWebFont } from '@/lib/theme/web-font';
import { afterFirstPaint } from '@/lib/first-paint';
import { whenPageSettled } from '@/lib/when-page-settled';
import { AppRoutes, appRoutes } from '@/app/routes';
import { preloadToastRegion } from '@/components/ui/toast';
import { createI18n, loadLanguage } from '@/i18n/i18n';
import { startLanguage } from '@/i18n/language';
import { askFirstScreenAnswers } from '@/app/first-requests';
import '@/styles/global.css';

// Before anything is drawn: the remembered look, so that a dark page never flashes white.
applyStoredScheme();
void loadWebFont();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();

function render(element: HTMLElement) {
  // As a transition, React renders in slices and lets the browser breathe between them.
  startTransition(() => {
    createRoot(element).render(
      <StrictMode>
        <AppProviders queryClient={queryClient} i18n={createI18n(language)}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}

// A visitor who reads English (chosen, or its browser's until it chooses) waits for its texts
// (French comes with the app); if they cannot be fetched, the page opens in French rather than
// not at all.
const language = startLanguage();
loadLanguage(language).then(
  () => render(root),
  () => render(root),
);

// Once the first paint (the loading state) is on screen, the current screen's code comes down
// while the session, and what the screen will first wait for, are asked for, rather than after.
void afterFirstPaint().then(() => {
  void preloadPages(appRoutes, window.location.pathname);
  askFirstScreenAnswers(queryClient, window.location.pathname);
});

// The toasts' code waits until the first screen is shown, so as not to take its bandwidth. A
// failure costs nothing yet: the first toast asks for the code again.
whenPageSettled(() => preloadToastRegion().catch(() => undefined));
