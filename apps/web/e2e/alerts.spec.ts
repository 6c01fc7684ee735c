import type { Page } from '@playwright/test';
import { createAlert, deleteAlertsFor, onlyFor, setRole } from './branding-and-alerts';
import { expect, signIn, signInAsAdmin, test, toast, uniquePseudo } from './fixtures';
import { t, tPattern } from './translations';

test('an admin targets an alert at guests: the guest sees it until dismissed, again once changed, a user never', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page);
  // Two members in browsers of their own: a guest and a user. The condition also names them, so
  // that no other spec's guest sees this alert while it exists.
  const guestContext = await browser.newContext({ baseURL });
  const userContext = await browser.newContext({ baseURL });
  const guestPage = await guestContext.newPage();
  const userPage = await userContext.newPage();
  const guest = await signIn(guestPage, uniquePseudo('guest'));
  const member = await signIn(userPage, uniquePseudo('user'));
  await setRole(page.request, guest, 'guest');
  await setRole(page.request, member, 'user');
  const condition = `role == "guest" and ${onlyFor(guest.pseudo, member.pseudo)}`;
  const message = `Bienvenue ${guest.pseudo}, complétez votre profil`;
  const row = page.getByRole('row', { name: new RegExp(guest.pseudo) });

  try {
    await test.step('the admin writes the alert; the form says whom it matches', async () => {
      await page.goto('/settings/organization?tab=alerts');
      await page.getByRole('button', { name: t('fr', 'alert_editor.admin.create') }).click();
      const dialog = page.getByRole('dialog', { name: t('fr', 'alert_editor.form.create_title') });
      await dialog
        .getByRole('combobox', { name: t('fr', 'alert_editor.form.type') })
        .selectOption({ label: t('fr', 'alerts.types.infos') });

      // A new alert opens in the builder; the text form is for whom writes the language.
      await dialog.getByRole('button', { name: t('fr', 'alert_editor.builder.mode_text') }).click();
      const conditionField = dialog.getByRole('textbox', {
        name: t('fr', 'alert_editor.form.condition'),
      });
      await conditionField.fill('role ==');
      await expect(
        dialog.getByText(
          tPattern('fr', 'alert_editor.check.invalid', {
            position: 8,
            reason: t('fr', 'alerts.condition_problems.expected_value', {
              found: t('fr', 'alerts.condition_problems.found.end'),
            }),
          }),
        ),
      ).toBeVisible();
      await conditionField.fill(condition);
      await expect(
        dialog.getByText(tPattern('fr', 'alert_editor.check.valid', { count: 1 })),
      ).toBeVisible();

      await dialog
        .getByRole('textbox', { name: t('fr', 'alert_editor.form.message') })
        .fill(`**Bienvenue ${guest.pseudo}**, complétez votre profil`);
      await dialog.getByRole('tab', { name: t('fr', 'markdown.preview') }).click();
      await expect(
        dialog.locator('strong', { hasText: `Bienvenue ${guest.pseudo}` }),
      ).toBeVisible();
      await dialog.getByRole('button', { name: t('fr', 'alert_editor.form.create') }).click();

      await expect(toast(page, t('fr', 'alert_editor.form.created'))).toBeVisible();
      await expect(row.getByRole('cell')).toHaveText([
        condition,
        t('fr', 'alerts.types.infos'),
        t('fr', 'alerts.statuses.active'),
        '',
      ]);
    });

    await test.step('the guest sees it at the top of every screen', async () => {
      await guestPage.goto('/dashboard');
      const banner = guestPage.getByRole('region', { name: t('fr', 'alerts.banner.label') });
      await expect(banner.getByRole('listitem')).toHaveText(
        `${t('fr', 'alerts.banner.type_label', { type: t('fr', 'alerts.types.infos') })} ${message}`,
      );
      await guestPage.getByRole('link', { name: t('fr', 'nav.my_account') }).click();
      await expect(
        guestPage.getByRole('heading', { level: 1, name: t('fr', 'pages.profile_settings.title') }),
      ).toBeVisible();
      await expect(banner.getByText(message)).toBeVisible();
    });

    await test.step('the user does not', async () => {
      await userPage.goto('/dashboard');
      await expect(userPage.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAlertsBanner(userPage);
    });

    await test.step('dismissed, it stays hidden, after a reload too', async () => {
      const banner = guestPage.getByRole('region', { name: t('fr', 'alerts.banner.label') });
      await banner.getByRole('button', { name: t('fr', 'alerts.banner.close') }).click();
      await expect(banner).toBeHidden();
      await guestPage.getByRole('link', { name: t('fr', 'nav.overview') }).click();
      await expect(guestPage.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAlertsBanner(guestPage);

      await guestPage.reload();

      await expect(guestPage.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAlertsBanner(guestPage);
    });

    await test.step('a new message brings it back', async () => {
      const changed = `Tournoi samedi pour ${guest.pseudo}`;
      await row.getByRole('button', { name: tPattern('fr', 'alert_editor.admin.edit') }).click();
      const dialog = page.getByRole('dialog', { name: t('fr', 'alert_editor.form.edit_title') });
      await dialog
        .getByRole('textbox', { name: t('fr', 'alert_editor.form.message') })
        .fill(changed);
      await dialog.getByRole('button', { name: t('fr', 'alert_editor.form.save') }).click();
      await expect(toast(page, t('fr', 'alert_editor.form.updated'))).toBeVisible();

      await guestPage.reload();

      const banner = guestPage.getByRole('region', { name: t('fr', 'alerts.banner.label') });
      await expect(banner.getByText(changed)).toBeVisible();
    });

    await test.step('an inactive alert shows to nobody', async () => {
      await row.getByRole('button', { name: tPattern('fr', 'alert_editor.admin.edit') }).click();
      const dialog = page.getByRole('dialog', { name: t('fr', 'alert_editor.form.edit_title') });
      await dialog
        .getByRole('combobox', { name: t('fr', 'alert_editor.form.status') })
        .selectOption({ label: t('fr', 'alerts.statuses.inactive') });
      await dialog.getByRole('button', { name: t('fr', 'alert_editor.form.save') }).click();
      // The toast of the message's change may still be there: this save's is the last one.
      await expect(toast(page, t('fr', 'alert_editor.form.updated')).last()).toBeVisible();
      await expect(row.getByRole('cell').nth(2)).toHaveText(t('fr', 'alerts.statuses.inactive'));

      await guestPage.reload();
      await expect(guestPage.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAlertsBanner(guestPage);
    });

    await test.step('the admin deletes it', async () => {
      await row.getByRole('button', { name: tPattern('fr', 'alert_editor.admin.delete') }).click();
      await page
        .getByRole('alertdialog', { name: t('fr', 'alert_editor.admin.delete_confirm') })
        .getByRole('button', { name: t('fr', 'alert_editor.admin.delete_action') })
        .click();
      await expect(row).toHaveCount(0);
    });
  } finally {
    await deleteAlertsFor(page.request, guest.pseudo);
    await guestContext.close();
    await userContext.close();
  }
});

/** Saved as alert messages; each would set window.__xss or open a dialog if any of it ran. */
const XSS_PAYLOADS = [
  '<p>xss-script</p><script>window.__xss = 1; alert(1)</script>',
  '<p>xss-img <img src=x onerror="window.__xss = 2; alert(2)"></p>',
  '<p>xss-svg</p><svg onload="window.__xss = 3; alert(3)"><circle r="1"/></svg>',
  '<p><a href="javascript:window.__xss = 4; alert(4)">xss-link</a></p>',
  '<p><a href="&#106;avascript:window.__xss = 5; alert(5)">xss-entity-link</a></p>',
  '<p>xss-iframe</p><iframe src="javascript:parent.__xss = 6; alert(6)"></iframe>',
  '<p>xss-srcdoc</p><iframe srcdoc="<script>parent.__xss = 7; alert(7)</script>"></iframe>',
  '<p onmouseover="window.__xss = 8; alert(8)">xss-handler</p>',
  '<p>xss-mxss</p><math><mtext><table><mglyph><style><img src=x onerror="window.__xss=9">',
  '<p>xss-details</p><details open ontoggle="window.__xss = 10; alert(10)">x</details>',
  '<p><a href="data:text/html,<script>alert(11)</script>">xss-data-link</a></p>',
  '<p>xss-object</p><object data="javascript:window.__xss = 12"></object>',
];

test('cross-site scripting payloads saved as alert messages run nothing in the browser', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page);
  const viewerContext = await browser.newContext({ baseURL });
  const viewer = await viewerContext.newPage();
  const { pseudo } = await signIn(viewer, uniquePseudo('xss'));

  try {
    for (const message of XSS_PAYLOADS) {
      await createAlert(page.request, {
        type: 'warn',
        statut: 'active',
        condition: onlyFor(pseudo),
        message,
      });
    }

    for (const [who, screen] of [
      ['the member, in the banner', viewer],
      ['the admin, in the Alerts tab', page],
    ] as const) {
      await test.step(who, async () => {
        const dialogs: string[] = [];
        screen.on('dialog', (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        await screen.goto(
          screen === viewer ? '/dashboard' : '/settings/organization?tab=alerts&type=warn',
        );
        const area =
          screen === viewer
            ? screen.getByRole('region', { name: t('fr', 'alerts.banner.label') })
            : screen.getByRole('table', { name: t('fr', 'alert_editor.admin.caption') });
        for (const text of ['xss-script', 'xss-link', 'xss-handler', 'xss-details']) {
          await expect(area.getByText(text).first()).toBeVisible();
        }
        // Hover and click what an attacker would lure a member into touching.
        await area.getByText('xss-handler').first().hover();
        for (const link of ['xss-link', 'xss-entity-link', 'xss-data-link']) {
          await area.getByText(link).first().click();
        }
        await screen.waitForTimeout(500);

        expect(await screen.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
        expect(dialogs).toEqual([]);
        expect(screen.context().pages()).toHaveLength(1);
        expect(
          await area.evaluate((element) => ({
            dangerous: element.querySelectorAll(
              'script, img, iframe, object, math, style, details, svg:not(.lucide)',
            ).length,
            handlers: [...element.querySelectorAll('*')].flatMap((node) =>
              [...node.attributes].map(({ name }) => name).filter((name) => name.startsWith('on')),
            ),
            hrefs: [...element.querySelectorAll('a[href]')].map((link) =>
              link.getAttribute('href'),
            ),
          })),
        ).toEqual({ dangerous: 0, handlers: [], hrefs: [] });
      });
    }
  } finally {
    await deleteAlertsFor(page.request, pseudo);
    await viewerContext.close();
  }
});

async function expectNoAlertsBanner(page: Page): Promise<void> {
  // The banner comes with the first screen: give its request time to answer first.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: t('fr', 'alerts.banner.label') })).toHaveCount(0);
}
