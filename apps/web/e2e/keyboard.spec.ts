import type { Locator, Page } from '@playwright/test';
import { expect, test, uniquePseudo } from './fixtures';

/** Presses Tab until `target` has focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator, maxPresses = 25): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('signing in and out of the account menu with the keyboard only', async ({ page }) => {
  const pseudo = uniquePseudo('keys');
  await page.goto('/');
  const pseudoField = page.getByLabel('Pseudo');
  await expect(pseudoField).toBeVisible();

  await test.step('sign in from the form', async () => {
    await tabTo(page, pseudoField);
    await page.keyboard.type(pseudo);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText(`Bienvenue, ${pseudo} !`)).toBeVisible();
  });

  await test.step('open the account menu with Enter, close it with Escape', async () => {
    const avatar = page.getByRole('button', { name: 'Menu du compte' });
    await tabTo(page, avatar);
    await page.keyboard.press('Enter');

    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Se déconnecter' })).toBeFocused();

    await page.keyboard.press('Escape');

    await expect(menu).toBeHidden();
    await expect(avatar).toBeFocused();
  });
});

test('the skip link jumps over the navigation', async ({ page }) => {
  await page.goto('/');
  // The landing page replaces its loading state once the organisation has loaded.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Aller au contenu principal' });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('main')).toBeFocused();
});
