import { LANGUAGES, type Language, type TeamBody } from '@guildhall/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { createAlert, deleteAlertsFor, onlyFor } from './branding-and-alerts';
import {
  ADMIN_PSEUDO,
  expect,
  expectNoAccessibilityViolations,
  openIn,
  signIn,
  signInAsAdmin,
  test,
  toastRegion,
  uniquePseudo,
} from './fixtures';
import {
  createPassword,
  createStaffTeam,
  removePasswordData,
  uniqueSecret,
} from './password-helpers';
import { t, tPattern } from './translations';

/*
 * axe on the screens and states the other accessibility specs leave out, in both languages: the
 * pages that say something went wrong, every tab of a public profile, the edit dialogs and
 * confirmations of the admin tabs, a toast, a refused sign-in. The others: accessibility.spec.ts
 * (landing, shell, menus), members-accessibility.spec.ts (account settings, profiles, member
 * list, edit member), teams-, passwords- and branding-alerts-accessibility.spec.ts (dashboard,
 * passwords, the five admin tabs and their create dialogs, the alerts banner), league.spec.ts
 * (the League tab).
 */

const textsIn = (language: Language) => ({
  userNotFound: t(language, 'api_errors.user_not_found'),
  routeError: t(language, 'route_error.title'),
  save: t(language, 'forms.save'),
  saved: t(language, 'settings.profile_updated_success'),
  notSaved: t(language, 'settings.profile_update_failed'),
  surname: t(language, 'fields.surname'),
  pseudo: t(language, 'fields.pseudo'),
});

/** A season under way: this one, or one another test made already (seasons never overlap). */
async function seasonUnderWay(admin: APIRequestContext) {
  const today = new Date();
  const day = (offset: number) =>
    new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const season = await admin.post('/api/seasons', {
    data: { name: 'Saison a11y', starts_on: day(-1), ends_on: day(1) },
  });
  expect([201, 409], await season.text()).toContain(season.status());
}

interface Visit {
  /** The browser page of the member who looks at the screen; nobody is signed in yet. */
  page: Page;
  /** An admin's API session (signed in before anyone else), to make the data the screen shows. */
  admin: APIRequestContext;
  language: Language;
  texts: ReturnType<typeof textsIn>;
  /** Runs after the test, passed or failed: removes what other specs must not see. */
  cleanUp: (step: () => Promise<unknown>) => void;
}

interface Screen {
  name: string;
  /** Opens the screen and checks it with axe in each state worth checking. */
  visit: (visit: Visit) => Promise<void>;
}

/** A well-formed member id that no member has. */
const UNKNOWN_MEMBER_ID = 'ffffffffffffffffffffffff';

/** A member whose profile is complete, so that saving it needs no other change. */
async function memberWithProfile(page: Page): Promise<{ _id: string; pseudo: string }> {
  const member = await signIn(page, uniquePseudo('a11y-screen'));
  const saved = await page.request.put('/api/user', {
    data: {
      name: 'Hopper',
      surname: 'Grace',
      pseudo: member.pseudo,
      birthday: '1986-12-09',
      email: `${member.pseudo}@example.org`,
      country: 'France',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return member;
}

async function createTeam(admin: APIRequestContext, body: TeamBody): Promise<string> {
  const response = await admin.post('/api/teams', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

/**
 * Opens a row's edit dialog and its delete confirmation in turn, checking each. `list` is the
 * translation keys' prefix of the admin list, whose `edit` and `delete` name the row's buttons.
 */
async function checkEditAndDelete(page: Page, language: Language, rowName: string, list: string) {
  const row = page.getByRole('row', { name: new RegExp(rowName) });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: tPattern(language, `${list}.edit`) }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await row.getByRole('button', { name: tPattern(language, `${list}.delete`) }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();
}

const SCREENS: Screen[] = [
  {
    name: 'the profile of a member who does not exist',
    visit: async ({ page, language, texts }) => {
      await signIn(page, uniquePseudo('a11y-unknown'));
      await openIn(page, language, `/users/${UNKNOWN_MEMBER_ID}`);
      await expect(page.getByRole('alert')).toHaveText(texts.userNotFound);
      await expectNoAccessibilityViolations(page);
    },
  },
  {
    name: 'the error page, when a screen’s code cannot be fetched',
    visit: async ({ page, language, texts }) => {
      await page.route('**/assets/dashboard-page-*.js', (route) => route.abort());
      await signIn(page, uniquePseudo('a11y-error'));
      await openIn(page, language, '/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.routeError);
      await expectNoAccessibilityViolations(page);
    },
  },
  {
    name: 'a public profile with teams, and each of its game tabs',
    visit: async ({ page, admin, language, cleanUp }) => {
      const member = await signIn(page, uniquePseudo('a11y-player'));
      // A Riot ID the fake Riot server knows, one per language: a Riot ID is one member's at a
      // time (decision 031), given back once the screen is checked.
      const riotId = language === 'fr' ? 'Zephyr#EUW' : 'Iris#BE1';
      const games = await admin.put(`/api/users/${member._id}`, {
        data: { leagueoflegends_login: [riotId], valorant_login: ['owl'] },
      });
      expect(games.status(), await games.text()).toBe(200);
      cleanUp(() => admin.put(`/api/users/${member._id}`, { data: { leagueoflegends_login: [] } }));
      const teamName = uniquePseudo('a11y-profile');
      const teamId = await createTeam(admin, {
        name: teamName,
        icon: 'trophy',
        type: 'esport',
        game: 'valorant',
        roles: [{ role: 'Joueurs', members: [member._id] }],
      });
      cleanUp(() => admin.delete(`/api/teams/${teamId}`));

      await signIn(page, uniquePseudo('a11y-reader'));
      await openIn(page, language, `/users/${member._id}`);
      // Exact: the activity may say, in a sentence, that the member joined the team too.
      await expect(page.getByRole('tabpanel').getByText(teamName, { exact: true })).toBeVisible();
      await expectNoAccessibilityViolations(page);

      // The League tab is checked with its ranks and games in league.spec.ts.
      for (const game of [t(language, 'games.leagueoflegends'), t(language, 'games.valorant')]) {
        await page.getByRole('tab', { name: game }).click();
        await expect(page.getByRole('tabpanel', { name: game })).toBeVisible();
        await expectNoAccessibilityViolations(page);
      }
    },
  },
  {
    name: 'the Teams tab: a team’s edit dialog, and the confirmation of its deletion',
    visit: async ({ page, admin, language, cleanUp }) => {
      const member = await signIn(page, uniquePseudo('a11y-teammate'));
      const name = uniquePseudo('a11y-edit-team');
      const teamId = await createTeam(admin, {
        name,
        icon: 'briefcase',
        type: 'transversal',
        roles: [
          { role: 'Managers', members: [member._id] },
          { role: 'Bénévoles', members: [] },
        ],
      });
      cleanUp(() => admin.delete(`/api/teams/${teamId}`));

      await signInAsAdmin(page);
      await openIn(page, language, '/settings/organization?tab=teams');
      await checkEditAndDelete(page, language, name, 'admin_settings.teams');
    },
  },
  {
    name: 'the Alerts tab: an alert’s edit dialog, and the confirmation of its deletion',
    visit: async ({ page, admin, language, cleanUp }) => {
      const nobody = uniquePseudo('a11y-edit-alert');
      await createAlert(admin, {
        type: 'warn',
        statut: 'inactive',
        condition: onlyFor(nobody),
        message: `<p>${nobody}: <em>maintenance</em> tonight</p>`,
      });
      cleanUp(() => deleteAlertsFor(admin, nobody));

      await signInAsAdmin(page);
      await openIn(page, language, '/settings/organization?tab=alerts');
      await checkEditAndDelete(page, language, nobody, 'alert_editor.admin');
    },
  },
  {
    name: 'the Passwords tab: an entry’s edit dialog, and the confirmation of its deletion',
    visit: async ({ page, admin, language, cleanUp }) => {
      const teamId = await createStaffTeam(admin, uniquePseudo('a11y-edit-vault'), []);
      const network = uniquePseudo('Instagram');
      const entryId = await createPassword(admin, {
        network,
        account: 'hiboux',
        password: uniqueSecret(),
        accessRules: [{ teamId, roles: ['Staff'] }],
      });
      cleanUp(() => removePasswordData(admin, { passwordIds: [entryId], teamIds: [teamId] }));

      await signInAsAdmin(page);
      await openIn(page, language, '/settings/organization?tab=passwords');
      await checkEditAndDelete(page, language, network, 'admin_settings.passwords');
    },
  },
  {
    name: 'account settings: the toast of a save, then the errors of a refused one',
    visit: async ({ page, language, texts }) => {
      await memberWithProfile(page);
      await openIn(page, language, '/settings/profile');
      const save = page.getByRole('button', { name: texts.save, exact: true });

      await save.click();
      await expect(toastRegion(page, language).getByText(texts.saved)).toBeVisible();
      await expectNoAccessibilityViolations(page);

      await page.getByRole('textbox', { name: texts.surname }).fill('');
      await page.getByRole('textbox', { name: texts.pseudo, exact: false }).fill('k');
      await save.click();
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(2);
      await expectNoAccessibilityViolations(page);
    },
  },
  {
    name: 'the leaderboard, with the member’s points this season',
    visit: async ({ page, admin, language }) => {
      await seasonUnderWay(admin);
      const member = await signIn(page, uniquePseudo('a11y-ranked'));
      const award = await admin.post('/api/points/awards', {
        data: { user_id: member._id, points: 42, reason: 'Accessibility check' },
      });
      expect(award.status(), await award.text()).toBe(201);
      await openIn(page, language, '/leaderboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(language, 'leaderboard.title'),
      );
      await expect(page.getByRole('table')).toBeVisible();
      await expect(page.getByText(tPattern(language, 'leaderboard.my_line'))).toBeVisible();
      await expectNoAccessibilityViolations(page);
    },
  },
  {
    name: 'a profile with badges and an activity, and the Points tab that gave them',
    visit: async ({ page, admin, language }) => {
      await seasonUnderWay(admin);
      const member = await signIn(page, uniquePseudo('a11y-badged'));
      const award = await admin.post('/api/points/awards', {
        data: { user_id: member._id, points: 150, reason: 'Accessibility check' },
      });
      expect(award.status(), await award.text()).toBe(201);
      const badge = await admin.post(`/api/users/${member._id}/badges`, {
        data: { name: 'Shotcaller', icon: 'crown', colour: '#ca8a04', reason: 'Accessibility' },
      });
      expect(badge.status(), await badge.text()).toBe(201);

      await openIn(page, language, `/users/${member._id}`);
      const badges = page.getByRole('region', { name: t(language, 'users.badges.title') });
      await expect(badges.getByText('Shotcaller')).toBeVisible();
      const activity = page.getByRole('region', { name: t(language, 'users.profile.activity') });
      await expect(activity.getByRole('listitem').first()).toBeVisible();
      await expectNoAccessibilityViolations(page);

      // The admin's side, in the light look here (looks-accessibility.spec.ts checks the dark).
      await signInAsAdmin(page);
      await openIn(page, language, '/settings/organization?tab=points');
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.getByText('Accessibility check').first()).toBeVisible();
      await expectNoAccessibilityViolations(page);
    },
  },
  {
    name: 'the landing page, a pseudo refused before it is sent',
    visit: async ({ page, language }) => {
      await openIn(page, language, '/');
      const pseudo = page.locator('input[name="pseudo"]');
      await pseudo.fill('k');
      await pseudo.press('Enter');
      await expect(pseudo).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoAccessibilityViolations(page);
    },
  },
];

for (const language of LANGUAGES) {
  test.describe(`accessibility of the other screens in ${language}`, () => {
    for (const screen of SCREENS) {
      test(screen.name, async ({ page, browser, baseURL }) => {
        // The admin first: on a fresh database the first member to sign in becomes an admin.
        const adminContext = await browser.newContext({ baseURL });
        await signIn(adminContext, ADMIN_PSEUDO);
        const cleanUps: (() => Promise<unknown>)[] = [];
        try {
          await screen.visit({
            page,
            admin: adminContext.request,
            language,
            texts: textsIn(language),
            cleanUp: (step) => cleanUps.push(step),
          });
        } finally {
          for (const step of cleanUps.reverse()) await step();
          await adminContext.close();
        }
      });
    }
  });
}
