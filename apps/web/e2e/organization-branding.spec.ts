import { getOrganization, ONE_PIXEL_PNG, restoreOrganization } from './branding-and-alerts';
import { expect, signInAsAdmin, test, toast } from './fixtures';
import { literalPattern, t } from './translations';

/** Colours close to the defaults, so that a spec running alongside notices nothing. */
const PRIMARY = '#4f5bd5';
const BACKGROUND = '#f5f6f8';

test('an admin changes the colours and the logo, and the theme follows at once', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page);
  const before = await getOrganization(page.request);
  const cssVariable = (name: string) =>
    page.evaluate((variable) => document.documentElement.style.getPropertyValue(variable), name);

  try {
    await test.step('the Organisation tab shows the stored organisation', async () => {
      await page.goto('/settings/organization');
      await expect(
        page.getByRole('heading', { level: 2, name: t('fr', 'organization_settings.title') }),
      ).toBeVisible();
      await expect(
        page.getByRole('textbox', {
          name: t('fr', 'organization_settings.fields.primary_color'),
          exact: true,
        }),
      ).toHaveValue(before.primary_color);
      await expect(page.getByText(t('fr', 'organization_settings.logo.hint'))).toBeVisible();
    });

    await test.step('new colours are saved and applied without a reload', async () => {
      // A marker that a reload would wipe out.
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
      const email = page.getByRole('textbox', {
        name: t('fr', 'organization_settings.fields.email'),
      });
      if (!(await email.inputValue())) await email.fill('contact@guildhall.example');
      await page
        .getByRole('textbox', {
          name: t('fr', 'organization_settings.fields.primary_color'),
          exact: true,
        })
        .fill(PRIMARY);
      // The picker follows the text.
      await expect(
        page.getByLabel(
          t('fr', 'organization_settings.color_picker', {
            field: t('fr', 'organization_settings.fields.primary_color'),
          }),
        ),
      ).toHaveValue(PRIMARY);
      await page
        .getByRole('textbox', {
          name: t('fr', 'organization_settings.fields.background_color'),
          exact: true,
        })
        .fill(BACKGROUND);
      await page.getByRole('button', { name: t('fr', 'forms.save') }).click();

      await expect(toast(page, t('fr', 'organization_settings.saved'))).toBeVisible();
      await expect.poll(() => cssVariable('--color-primary')).toBe(PRIMARY);
      await expect.poll(() => cssVariable('--color-background')).toBe(BACKGROUND);
      await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(245, 246, 248)');
      expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
    });

    const failedToast = toast(page, t('fr', 'organization_settings.logo.upload_failed'));

    await test.step('a file the server does not take as an image is refused in French', async () => {
      await expect(page.getByText(t('fr', 'organization_settings.logo.browse'))).toBeVisible();
      await expect(page.getByText(t('fr', 'organization_settings.logo.no_file'))).toBeVisible();
      await page.getByLabel(t('fr', 'organization_settings.logo.choose')).setInputFiles({
        name: 'faux.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not an image at all'),
      });
      await expect(
        page.getByText(t('fr', 'organization_settings.logo.chosen', { name: 'faux.png' })),
      ).toBeVisible();
      await page
        .getByRole('button', { name: t('fr', 'organization_settings.logo.upload') })
        .click();

      await expect(failedToast).toBeVisible();
      const reason = t('fr', 'api_errors.unsupported_file_type', { types: 'PNG ou JPG' });
      await expect(toast(page, reason)).toBeVisible();
      await expect(
        page.getByLabel(t('fr', 'organization_settings.logo.choose')),
      ).toHaveAccessibleDescription(new RegExp(literalPattern(reason)));
      await expect(page.getByText(/must be a JPG or PNG/)).toHaveCount(0);
    });

    await test.step('a PNG logo is previewed, uploaded, and shown in the sidebar', async () => {
      await page
        .getByLabel(t('fr', 'organization_settings.logo.choose'))
        .setInputFiles({ name: 'hiboux.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
      const preview = page.getByRole('img', {
        name: t('fr', 'organization_settings.logo.preview_alt', { name: 'hiboux.png' }),
      });
      await expect(preview).toBeVisible();
      expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);

      await page
        .getByRole('button', { name: t('fr', 'organization_settings.logo.upload') })
        .click();

      await expect(toast(page, t('fr', 'organization_settings.logo.uploaded'))).toBeVisible();
      // The failure's toast went with the success.
      await expect(failedToast).toBeHidden();
      await expect(preview).toBeHidden();
      const { logo } = await getOrganization(page.request);
      expect(logo).not.toBe(before.logo);
      expect(logo).toMatch(/^\/api\/organization\/logo\?v=/);
      // The sidebar's logo and the tab's current logo take the new address, and it loads.
      const shown = page.locator(`img[src="${logo}"]`);
      await expect(shown).toHaveCount(2);
      for (const image of await shown.all()) {
        await expect
          .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
          .toBeGreaterThan(0);
      }
    });

    await test.step('a file that is not a JPG or a PNG is refused before sending', async () => {
      await page.getByLabel(t('fr', 'organization_settings.logo.choose')).setInputFiles({
        name: 'logo.gif',
        mimeType: 'image/gif',
        buffer: Buffer.from('GIF89a'),
      });
      await expect(
        page.getByText(t('fr', 'organization_settings.logo.problems.type')),
      ).toBeVisible();
      await expect(
        page.getByRole('button', { name: t('fr', 'organization_settings.logo.upload') }),
      ).toBeDisabled();
    });

    await test.step('a visitor sees the new theme and logo on the landing page', async () => {
      const visitor = await browser.newContext({ baseURL });
      const landing = await visitor.newPage();
      await landing.goto('/');
      await expect(landing.getByRole('heading', { level: 1 })).toHaveText(before.name);
      const { logo } = await getOrganization(landing.request);
      await expect(landing.locator(`img[src="${logo}"]`)).toBeVisible();
      await expect
        .poll(() =>
          landing.evaluate(() =>
            document.documentElement.style.getPropertyValue('--color-primary'),
          ),
        )
        .toBe(PRIMARY);
      await visitor.close();
    });
  } finally {
    await restoreOrganization(page.request, before);
  }
});
