import { expect, openIn, test } from './fixtures';

/*
 * The web font (decision 032 and its addendum): a first visit never downloads it beside the
 * screen's code, and the next visit shows it from the browser's store without the network.
 */

const FONT_FAMILY = 'Inter Variable';

test('the web font waits for a first visit to load, then shows from the store on the next one', async ({
  page,
}) => {
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.woff2')) fontRequests.push(request.url());
  });

  await openIn(page, 'fr', '/');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await page.waitForLoadState('load');
  // Loaded, shown, and no font asked for: the device's font serves this visit.
  expect(fontRequests).toEqual([]);
  expect(await page.evaluate(() => document.fonts.size)).toBe(0);

  // A few seconds later both subsets go into the store, for the next visit.
  await expect
    .poll(
      () => page.evaluate(async () => (await (await caches.open('guildhall-font')).keys()).length),
      { timeout: 15_000 },
    )
    .toBe(2);
  expect(fontRequests).toHaveLength(2);

  fontRequests.length = 0;
  await page.reload();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        (family) =>
          [...document.fonts].filter((face) => face.family === family && face.status === 'loaded')
            .length,
        FONT_FAMILY,
      ),
    )
    .toBe(2);
  expect(
    await page.evaluate((family) => document.fonts.check(`1em "${family}"`), FONT_FAMILY),
  ).toBe(true);
  // Drawn from the store: the network was not asked.
  expect(fontRequests).toEqual([]);
});
