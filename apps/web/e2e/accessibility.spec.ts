import { LANGUAGES } from '@guildhall/contract';
import {
  expect,
  expectNoAccessibilityViolations,
  openIn,
  signIn,
  test,
  uniquePseudo,
} from './fixtures';

for (const language of LANGUAGES) {
  test.describe(`accessibility in ${language}`, () => {
    test('the landing page', async ({ page }) => {
      await openIn(page, language, '/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('form input[name="pseudo"]')).toBeVisible();

      await expectNoAccessibilityViolations(page);
    });

    test('the landing page after a failed sign-in', async ({ page }) => {
      await openIn(page, language, '/?auth_error=not_guild_member');
      await expect(page.getByRole('alert')).toBeVisible();

      await expectNoAccessibilityViolations(page);
    });

    test('the shell around the dashboard', async ({ page }) => {
      await signIn(page, uniquePseudo(`a11y-${language}`));
      await openIn(page, language, '/dashboard');
      await expect(page.getByRole('navigation')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      await expectNoAccessibilityViolations(page);
    });

    test('the account menu, open', async ({ page }) => {
      await signIn(page, uniquePseudo(`menu-${language}`));
      await openIn(page, language, '/dashboard');
      await page.locator('header button[aria-haspopup="menu"]').click();
      await expect(page.getByRole('menu')).toBeVisible();

      await expectNoAccessibilityViolations(page);
    });

    test('the shell on a phone, with its menu overlay open', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await signIn(page, uniquePseudo(`phone-${language}`));
      await openIn(page, language, '/dashboard');
      await expect(page.getByRole('navigation')).toBeHidden();
      await expectNoAccessibilityViolations(page);

      await page.locator('header button[aria-controls]').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('navigation')).toBeVisible();

      await expectNoAccessibilityViolations(page);
    });
  });
}
