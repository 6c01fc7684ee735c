import { LANGUAGES, type Language } from '@guildhall/contract';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAccessibilityViolations,
  openIn,
  signInAsAdmin,
  test,
  toast,
  uniquePseudo,
} from './fixtures';
import { t, tPattern } from './translations';

/** A member list as French Excel writes it: a byte order mark, `;`, CRLF. */
const excelFile = (rows: string[]) => ({
  name: 'membres.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`\uFEFF${['pseudo;name;town;role', ...rows].join('\r\n')}\r\n`),
});

async function openImport(page: Page, language: Language) {
  // Exact: the list's buttons name members, and imported members' pseudos hold the word.
  await page.getByRole('button', { name: t(language, 'members_csv.import'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t(language, 'members_csv.title') });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an admin imports a member from a CSV file: dry run, report, confirmation', async ({
  page,
}) => {
  const pseudo = uniquePseudo('imported');
  await signInAsAdmin(page);
  await page.goto('/users/list');

  await test.step('the export downloads the list as a dated CSV file', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: t('fr', 'members_csv.export') }).click();
    expect((await download).suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  const dialog = await openImport(page, 'fr');

  await test.step('the dry run says what would change and writes nothing', async () => {
    await dialog
      .getByLabel(t('fr', 'members_csv.file'))
      .setInputFiles(excelFile([`${pseudo};Hopper;Lyon;`]));
    await dialog.getByRole('button', { name: t('fr', 'members_csv.check') }).click();

    await expect(dialog.getByRole('status')).toHaveText(
      tPattern('fr', 'members_csv.summary', { created: 1, updated: 0 }),
    );
    const row = dialog.getByRole('row', { name: new RegExp(pseudo) });
    await expect(row).toContainText(t('fr', 'members_csv.created'));
    await expect(row).toContainText(
      t('fr', 'members_csv.change', {
        column: t('fr', 'fields.town'),
        from: t('fr', 'members_csv.empty_value'),
        to: 'Lyon',
      }),
    );
  });

  await test.step('confirming imports it, and the list shows the new member', async () => {
    await dialog.getByRole('button', { name: t('fr', 'members_csv.confirm') }).click();
    await expect(
      toast(page, t('fr', 'members_csv.done', { created: 1, updated: 0 })),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: t('fr', 'users.list.search_label') }).fill(pseudo);
    const memberRow = page.getByRole('row', { name: new RegExp(pseudo) });
    await expect(memberRow.getByText(t('fr', 'roles.invited'))).toBeVisible();
  });
});

for (const language of LANGUAGES) {
  test(`accessibility of the import dialog in ${language}: a dry run, a refused file`, async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await openIn(page, language, '/users/list');
    const dialog = await openImport(page, language);
    await expectNoAccessibilityViolations(page);

    await test.step('a dry run of a good file', async () => {
      await dialog
        .getByLabel(t(language, 'members_csv.file'))
        .setInputFiles(excelFile([`${uniquePseudo(`dry-${language}`)};Lovelace;Paris;`]));
      await dialog.getByRole('button', { name: t(language, 'members_csv.check') }).click();
      await expect(dialog.getByRole('table')).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });

    await test.step('a refused file, its reasons in the reader’s language', async () => {
      await dialog
        .getByLabel(t(language, 'members_csv.file'))
        .setInputFiles(excelFile([`${uniquePseudo(`boss-${language}`)};Root;Paris;admin`]));
      await dialog.getByRole('button', { name: t(language, 'members_csv.check') }).click();
      await expect(dialog.getByRole('alert')).toHaveText(t(language, 'members_csv.refused'));
      await expect(dialog.getByRole('table')).toContainText(
        t(language, 'members_csv.problems.admin_role'),
      );
      await expect(
        dialog.getByRole('button', { name: t(language, 'members_csv.confirm') }),
      ).toHaveCount(0);
      await expectNoAccessibilityViolations(page);
    });
  });
}
