import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test, toastRegion, uniquePseudo } from './fixtures';
import { t } from './translations';

/**
 * Presses Tab (or Shift+Tab, `backwards`) until `target` has focus, as a keyboard user would;
 * fails if it never does.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, maxPresses = 25 } = {}) {
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target.toString()}`);
}

/** `target` has the focus, and shows it: the focus ring is drawn around it. */
async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((element) => {
    const { outlineStyle, outlineWidth } = getComputedStyle(element);
    return {
      focusVisible: element.matches(':focus-visible'),
      outline: outlineStyle === 'none' ? 'none' : outlineWidth,
    };
  });
  expect(ring.focusVisible).toBe(true);
  expect(ring.outline).not.toBe('none');
  expect(Number.parseFloat(ring.outline)).toBeGreaterThanOrEqual(2);
}

test('a member signs in, edits its profile, switches language and signs out, with the keyboard only', async ({
  page,
  request,
}) => {
  // A member who filled in its profile on an earlier visit.
  const pseudo = uniquePseudo('keys-path');
  const member = await signIn({ request }, pseudo);
  const saved = await request.put('/api/user', {
    data: {
      name: 'Hopper',
      surname: 'Grace',
      pseudo,
      birthday: '1986-12-09',
      email: `${pseudo}@example.org`,
      country: 'France',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const country = `Pays-${Date.now().toString(36)}`;

  // The only page the test opens itself; from here on, only keys.
  await page.goto('/');
  const main = page.getByRole('main');

  await test.step('sign in from the landing page', async () => {
    const pseudoField = page.getByLabel(t('fr', 'landing.sign_in.pseudo_label'));
    await expect(pseudoField).toBeVisible();
    await tabTo(page, pseudoField);
    await expectVisibleFocus(pseudoField);
    await page.keyboard.type(pseudo);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL('/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: t('fr', 'pages.dashboard.title') }),
    ).toBeVisible();
    // The reader goes on from the top of the page they arrived on.
    await expect(main).toBeFocused();
  });

  await test.step('open the account settings from the navigation', async () => {
    const link = page.getByRole('link', { name: t('fr', 'nav.my_account') });
    await tabTo(page, link, { backwards: true });
    await expectVisibleFocus(link);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL('/settings/profile');
    await expect(
      page.getByRole('heading', { level: 1, name: t('fr', 'pages.profile_settings.title') }),
    ).toBeVisible();
    await expect(main).toBeFocused();
  });

  await test.step('change the country and save with Enter', async () => {
    const countryField = page.getByRole('textbox', { name: t('fr', 'fields.country') });
    await tabTo(page, countryField);
    await expectVisibleFocus(countryField);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(country);
    await page.keyboard.press('Enter');

    await expect(
      toastRegion(page, 'fr').getByText(t('fr', 'settings.profile_updated_success')),
    ).toBeVisible();
    // Saving leaves the reader where they were.
    await expect(countryField).toBeFocused();
  });

  await test.step('after a reload, the profile shows the new country', async () => {
    await page.reload();
    await expect(page.getByRole('textbox', { name: t('fr', 'fields.country') })).toHaveValue(
      country,
    );

    const link = page.getByRole('link', { name: t('fr', 'nav.my_profile') });
    await tabTo(page, link);
    await expectVisibleFocus(link);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(`/users/${member._id}`);
    await expect(main).toBeFocused();
    await expect(page.getByRole('tabpanel').getByText(country, { exact: true })).toBeVisible();
  });

  await test.step('switch to English', async () => {
    const languageButton = page.getByRole('button', { name: t('fr', 'header.switch_language') });
    await tabTo(page, languageButton, { backwards: true });
    await expectVisibleFocus(languageButton);
    await page.keyboard.press('Enter');

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: t('en', 'nav.my_profile') })).toBeVisible();
    // The same button, now in English, keeps the focus.
    await expectVisibleFocus(page.getByRole('button', { name: t('en', 'header.switch_language') }));
  });

  await test.step('sign out from the account menu', async () => {
    const avatar = page.getByRole('button', { name: t('en', 'header.account_menu') });
    await tabTo(page, avatar);
    await expectVisibleFocus(avatar);
    await page.keyboard.press('Enter');
    // The menu opens on its first item, the look; sign-out is its last.
    await expect(
      page.getByRole('menuitemradio', { name: t('en', 'header.theme.system') }),
    ).toBeFocused();
    await page.keyboard.press('End');
    const signOut = page.getByRole('menuitem', { name: t('en', 'header.logout') });
    await expect(signOut).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL('/');
    // Still in English: the choice outlives the session.
    await expect(
      page.getByRole('heading', { name: t('en', 'landing.sign_in.title') }),
    ).toBeVisible();
    await expect(page.getByLabel(t('en', 'landing.sign_in.pseudo_label'))).toBeVisible();
  });
});

test('signing in and out of the account menu with the keyboard only', async ({ page }) => {
  const pseudo = uniquePseudo('keys');
  await page.goto('/');
  const pseudoField = page.getByLabel(t('fr', 'landing.sign_in.pseudo_label'));
  await expect(pseudoField).toBeVisible();

  await test.step('sign in from the form', async () => {
    await tabTo(page, pseudoField);
    await page.keyboard.type(pseudo);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText(t('fr', 'pages.dashboard.welcome', { pseudo }))).toBeVisible();
  });

  await test.step('open the account menu with Enter, close it with Escape', async () => {
    const avatar = page.getByRole('button', { name: t('fr', 'header.account_menu') });
    await tabTo(page, avatar, { backwards: true });
    await page.keyboard.press('Enter');

    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(
      page.getByRole('menuitemradio', { name: t('fr', 'header.theme.system') }),
    ).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: t('fr', 'header.logout') })).toBeFocused();

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
  const skipLink = page.getByRole('link', { name: t('fr', 'app.skip_to_content') });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('main')).toBeFocused();
});
