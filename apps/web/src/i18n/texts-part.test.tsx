import { startTransition, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, useTextsPart } from './i18n';

/** A screen as the admin settings are: its part of the texts, then more hooks of its own. */
function PointsScreen() {
  useTextsPart('points');
  const { t } = useTranslation();
  return <h1>{t('leaderboard.title')}</h1>;
}

/** React reads this flag to know whether tests drive it through act(). */
const reactEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

describe('useTextsPart', () => {
  const previousActEnvironment = reactEnvironment.IS_REACT_ACT_ENVIRONMENT;
  afterEach(() => {
    reactEnvironment.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
  });

  it('shows a screen whose texts arrive while React renders it, with no error to recover from', async () => {
    // As in the browser: React's own scheduler, a transition, and the part's file arriving
    // while the render waits for it, so that React replays the screen where it suspended.
    reactEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const recovered: unknown[] = [];
    const container = document.createElement('div');
    const root = createRoot(container, { onRecoverableError: (error) => recovered.push(error) });

    // The test setup loads every part; this instance starts without them, as a first visit does.
    const i18n = createI18n('fr');
    i18n.removeResourceBundle('fr', 'translation');
    i18n.addResourceBundle('fr', 'translation', { app: { name: 'Guildhall' } });

    startTransition(() => {
      root.render(
        <I18nextProvider i18n={i18n}>
          <Suspense fallback="…">
            <PointsScreen />
          </Suspense>
        </I18nextProvider>,
      );
    });

    await vi.waitFor(() => expect(container.querySelector('h1')?.textContent).toBeTruthy());
    expect(recovered).toEqual([]);
    root.unmount();
  });
});
