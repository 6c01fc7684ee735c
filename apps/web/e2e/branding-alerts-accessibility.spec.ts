import { LANGUAGES, type Language, type TeamBody } from '@guildhall/contract';
import { createAlert, deleteAlertsFor, ONE_PIXEL_PNG, onlyFor } from './branding-and-alerts';
import {
  ADMIN_PSEUDO,
  expect,
  expectNoAccessibilityViolations,
  openIn,
  signIn,
  signInAsAdmin,
  test,
  uniquePseudo,
} from './fixtures';
import { t, tPattern } from './translations';

const texts = (language: Language) => ({
  organizationTab: t(language, 'admin_settings.tabs.organization'),
  alertsTab: t(language, 'admin_settings.tabs.alerts'),
  add: t(language, 'alert_editor.admin.create'),
  help: t(language, 'alert_editor.help.summary'),
  builder: t(language, 'alert_editor.builder.legend'),
  roleCriterion: t(language, 'alert_editor.builder.criteria.roles'),
  adhesionCriterion: t(language, 'alert_editor.builder.criteria.adhesion'),
  guestRole: t(language, 'alert_editor.builder.role_option', {
    role: t(language, 'roles.guest'),
    value: 'guest',
  }),
  asText: t(language, 'alert_editor.builder.mode_text'),
  written: t(language, 'alert_editor.builder.written'),
  valid: tPattern(language, 'alert_editor.check.valid'),
  invalid: tPattern(language, 'alert_editor.check.invalid'),
  banner: t(language, 'alerts.banner.label'),
  discordTab: t(language, 'admin_settings.tabs.discord'),
  noBot: t(language, 'admin_settings.discord.no_bot'),
  addMapping: t(language, 'admin_settings.discord.mappings.add'),
  save: t(language, 'forms.save'),
  syncNow: t(language, 'admin_settings.discord.sync.start'),
  syncFailed: t(language, 'admin_settings.discord.sync.failed'),
  notConfigured: t(language, 'api_errors.discord_not_configured'),
  importPreview: t(language, 'admin_settings.discord.import.preview'),
  importFailed: t(language, 'admin_settings.discord.import.failed'),
  memberSearch: t(language, 'admin_settings.discord.member.search_label'),
  pick: (pseudo: string) => t(language, 'admin_settings.discord.member.pick', { pseudo }),
  noAccount: (pseudo: string) =>
    t(language, 'admin_settings.discord.member.no_account', { pseudo }),
  noHistory: (pseudo: string) =>
    t(language, 'admin_settings.discord.member.no_history', { pseudo }),
  noSchedule: t(language, 'admin_settings.discord.sync.no_schedule'),
  teamChannels: t(language, 'admin_settings.discord.team_webhooks.title'),
  teamNoWebhook: t(language, 'admin_settings.discord.team_webhooks.not_configured'),
  webhookUrl: t(language, 'admin_settings.discord.webhook.url'),
  saveWebhook: t(language, 'admin_settings.discord.webhook.save'),
  webhookFailed: t(language, 'admin_settings.discord.webhook.failed'),
  notAWebhook: t(language, 'api_errors.invalid_discord_webhook_url'),
});

for (const language of LANGUAGES) {
  const text = texts(language);

  test.describe(`branding and alerts accessibility in ${language}`, () => {
    test('the Organisation tab, with a new logo chosen', async ({ page }) => {
      await signInAsAdmin(page);
      await openIn(page, language, '/settings/organization');
      await expect(page.getByRole('tab', { name: text.organizationTab })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.locator('input[type="color"]')).toHaveCount(3);
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
      await expect(page.locator('img[src^="data:image/png"]')).toBeVisible();

      await expectNoAccessibilityViolations(page);

      // Invalid values, said on their fields.
      await page.locator('input[name="email"]').fill('contact@guildhall.example');
      await page.locator('input[name="primary_color"]').fill('blue');
      await page.locator('input[name="website"]').fill('hiboux.example');
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(2);

      await expectNoAccessibilityViolations(page);
    });

    test('the Alerts tab, and its dialog with the builder, the help, a preview and an error', async ({
      page,
    }) => {
      // Four axe runs: on a busy machine they outlast the default timeout.
      test.slow();
      await signInAsAdmin(page);
      const nobody = uniquePseudo(`a11y-alert-${language}`);
      try {
        await createAlert(page.request, {
          type: 'infos',
          statut: 'inactive',
          condition: onlyFor(nobody),
          message: `<p>${nobody}: <strong>bold</strong> and a <a href="https://example.org">link</a></p>`,
        });
        await openIn(page, language, '/settings/organization?tab=alerts');
        await expect(page.getByRole('row', { name: new RegExp(nobody) })).toBeVisible();

        await expectNoAccessibilityViolations(page);

        await page.getByRole('button', { name: text.add }).click();
        const dialog = page.getByRole('dialog', { name: text.add });
        // The builder, with two criteria joined by all or any.
        const builder = dialog.getByRole('group', { name: text.builder });
        await builder.getByRole('button', { name: text.roleCriterion, exact: true }).click();
        await builder.getByRole('checkbox', { name: text.guestRole }).check();
        await builder.getByRole('button', { name: text.adhesionCriterion }).click();
        await expect(dialog.getByRole('figure', { name: text.written })).toContainText(
          'role == "guest" and adhesion',
        );
        await expect(dialog.getByText(text.valid)).toBeVisible();

        await expectNoAccessibilityViolations(page);

        await dialog.getByRole('button', { name: text.asText }).click();
        await dialog.locator('textarea[name="condition"]').fill('role == "guest"');
        await dialog
          .locator('textarea[name="message"]')
          .fill('**Hello** [guests](https://example.org)');
        await dialog.getByRole('tab', { name: t(language, 'markdown.preview') }).click();
        await expect(dialog.locator('strong', { hasText: 'Hello' })).toBeVisible();
        await dialog.getByText(text.help).click();
        await expect(dialog.getByText(text.valid)).toBeVisible();
        await expect(dialog.locator('code', { hasText: 'member_days < 30' })).toBeVisible();

        await expectNoAccessibilityViolations(page);

        await dialog.locator('textarea[name="condition"]').fill('role ? "guest"');
        await expect(dialog.getByText(text.invalid)).toBeVisible();
        await expect(dialog.locator('mark')).toHaveText('?');

        await expectNoAccessibilityViolations(page);
      } finally {
        await deleteAlertsFor(page.request, nobody);
      }
    });

    test('the Discord tab without a bot: typed role ids, a row refused, a sync refused, a team channel', async ({
      page,
    }) => {
      await signInAsAdmin(page);
      const team: TeamBody = {
        name: uniquePseudo(`a11y-channel-${language}`),
        icon: 'swords',
        type: 'transversal',
      };
      const created = await page.request.post('/api/teams', { data: team });
      expect(created.status(), await created.text()).toBe(201);
      const { _id: teamId } = (await created.json()) as { _id: string };
      try {
        await openIn(page, language, '/settings/organization?tab=discord');
        await expect(page.getByRole('tab', { name: text.discordTab })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        // The e2e servers have no bot: the explanation, and ids typed by hand.
        await expect(page.getByText(text.noBot)).toBeVisible();
        // The team's channel, without a webhook yet.
        const channel = page
          .getByRole('region', { name: text.teamChannels })
          .getByRole('group', { name: team.name });
        await expect(channel.getByText(text.teamNoWebhook)).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

        await expectNoAccessibilityViolations(page);

        // A new row left empty is refused on its fields; nothing reaches the server.
        await page.getByRole('button', { name: text.addMapping }).click();
        await page.getByRole('button', { name: text.save, exact: true }).click();
        await expect(page.locator('fieldset [aria-invalid="true"]')).toHaveCount(2);
        // The e2e servers cannot sync: the reason, translated.
        await page.getByRole('button', { name: text.syncNow }).click();
        await expect(page.getByRole('alert').filter({ hasText: text.syncFailed })).toContainText(
          text.notConfigured,
        );
        await expect(page.getByText(text.noSchedule)).toBeVisible();
        // Nor import the server's members.
        await page.getByRole('button', { name: text.importPreview }).click();
        await expect(page.getByRole('alert').filter({ hasText: text.importFailed })).toContainText(
          text.notConfigured,
        );
        // One member, found by pseudo: local accounts have no Discord account, nor history.
        await page.getByRole('searchbox', { name: text.memberSearch }).fill(ADMIN_PSEUDO);
        await page.getByRole('button', { name: text.pick(ADMIN_PSEUDO) }).click();
        await expect(page.getByText(text.noAccount(ADMIN_PSEUDO))).toBeVisible();
        await expect(page.getByText(text.noHistory(ADMIN_PSEUDO))).toBeVisible();
        // An address that is not a Discord webhook's, refused by the server without asking
        // Discord: the reason, translated, under the team's form.
        await channel
          .getByRole('textbox', { name: text.webhookUrl })
          .fill('https://example.org/hook');
        await channel.getByRole('button', { name: text.saveWebhook }).click();
        await expect(
          channel.getByRole('alert').filter({ hasText: text.webhookFailed }),
        ).toContainText(text.notAWebhook);

        await expectNoAccessibilityViolations(page);
      } finally {
        await page.request.delete(`/api/teams/${teamId}`);
      }
    });

    test('the alerts banner, one alert of each type', async ({ page, browser, baseURL }) => {
      const adminContext = await browser.newContext({ baseURL });
      const admin = await adminContext.newPage();
      await signInAsAdmin(admin);
      const { pseudo } = await signIn(page, uniquePseudo(`banner-${language}`));
      try {
        for (const type of ['warn', 'success', 'infos'] as const) {
          await createAlert(admin.request, {
            type,
            statut: 'active',
            condition: onlyFor(pseudo),
            message: `<p>A <strong>${type}</strong> alert with <a href="https://example.org">a link</a>.</p>`,
          });
        }
        await openIn(page, language, '/dashboard');
        await expect(
          page.getByRole('region', { name: text.banner }).getByRole('listitem'),
        ).toHaveCount(3);

        await expectNoAccessibilityViolations(page);
      } finally {
        await deleteAlertsFor(admin.request, pseudo);
        await adminContext.close();
      }
    });
  });
}
