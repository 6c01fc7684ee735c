import { LANGUAGES, type Language, type TeamBody } from '@guildhall/contract';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAccessibilityViolations,
  openIn,
  signIn,
  signInAsAdmin,
  test,
  uniquePseudo,
} from './fixtures';
import { t } from './translations';

// Issue 17's journey: a team's coach plans weekly trainings for the team in the form, a player
// answers from the dashboard, the coach sees the answer on the event's page. Every screen under
// axe, in both languages; the list also on a phone.

/** A team whose Coach role manages it, with the coach and the player in it. */
async function teamOf(page: Page, coachId: string, playerId: string, name: string) {
  const body: TeamBody = {
    name,
    icon: 'trophy',
    type: 'esport',
    game: 'valorant',
    roles: [
      { role: 'Coach', members: [coachId], manages: true },
      { role: 'Joueurs', members: [playerId] },
    ],
  };
  const created = await page.request.post('/api/teams', { data: body });
  expect(created.status(), await created.text()).toBe(201);
}

/** A local date and time a week ahead at 19:00, as a datetime-local input takes it. */
function nextWeekAt19(): string {
  const day = new Date(Date.now() + 7 * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T19:00`;
}
const at21 = (start: string) => `${start.slice(0, 11)}21:00`;

for (const language of LANGUAGES) {
  const text = (key: string, params?: Record<string, string | number>) =>
    t(language as Language, key, params);

  test(`a coach plans weekly trainings, a player answers from the dashboard (${language})`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    // Kept in the test's output folder, to look at the screens on a phone and a desktop.
    const screenshot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`${name}-${language}.png`), fullPage: true });
    // Three people, five screens, seven axe runs: longer than test.slow()'s 90 s on a busy machine.
    test.setTimeout(180_000);
    const teamName = uniquePseudo(`events-${language}`);
    const title = `Training ${teamName}`;
    const player = await signIn(page, uniquePseudo(`player-${language}`));
    const coachContext = await browser.newContext({ baseURL });
    const coachPage = await coachContext.newPage();
    const coach = await signIn(coachPage, uniquePseudo(`coach-${language}`));
    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await signInAsAdmin(adminPage);
    await teamOf(adminPage, coach._id, player._id, teamName);
    await adminContext.close();

    // The coach fills the form: a training every week, three times, for the team.
    await openIn(coachPage, language, '/events/new');
    await expect(
      coachPage.getByRole('heading', { name: text('events.form.new_title') }),
    ).toBeVisible();
    await expectNoAccessibilityViolations(coachPage);
    await coachPage.getByLabel(text('events.form.title'), { exact: false }).first().fill(title);
    const start = nextWeekAt19();
    await coachPage.getByLabel(text('events.form.starts_at'), { exact: false }).fill(start);
    await coachPage.getByLabel(text('events.form.ends_at'), { exact: false }).fill(at21(start));
    await coachPage
      .getByLabel(text('events.form.audience_kind'), { exact: false })
      .selectOption('teams');
    await coachPage.getByRole('checkbox', { name: teamName }).check();
    await coachPage
      .getByLabel(text('events.form.frequency'), { exact: false })
      .selectOption('weekly');
    await coachPage.getByLabel(text('events.form.end'), { exact: false }).selectOption('count');
    await coachPage.getByLabel(text('events.form.count'), { exact: false }).fill('3');
    // The description, in Markdown, seen as the players will read it.
    await coachPage
      .getByRole('textbox', { name: text('events.form.description') })
      .fill('Apportez **vos casques**');
    await coachPage.getByRole('tab', { name: text('markdown.preview') }).click();
    await expect(coachPage.locator('strong', { hasText: 'vos casques' })).toBeVisible();
    await expectNoAccessibilityViolations(coachPage);
    await coachPage.getByRole('button', { name: text('events.form.create') }).click();
    await expect(coachPage.getByRole('heading', { name: title })).toBeVisible();

    // The player answers from the dashboard's card, in one click.
    await openIn(page, language, '/dashboard');
    const card = page.getByRole('region', { name: text('dashboard_events.title') });
    const going = card
      .getByRole('group', { name: text('events_common.rsvp.label', { title }) })
      .first()
      .getByRole('button', { name: text('events_common.rsvp.going'), exact: true });
    await going.click();
    await expect(going).toHaveAttribute('aria-pressed', 'true');
    // The team's card lists the team's next trainings with the answer just given.
    const teamEvents = page
      .getByRole('region', { name: text('dashboard.my_teams.title') })
      .getByRole('region', { name: text('dashboard.my_teams.events.title') });
    await expect(teamEvents.getByRole('listitem').first()).toContainText(
      text('dashboard.my_teams.events.answer', { answer: text('events_common.rsvp.going') }),
    );
    await expect(teamEvents.getByRole('link', { name: title })).toHaveCount(3);
    await screenshot('dashboard-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(teamEvents.getByRole('link', { name: title }).first()).toBeVisible();
    await screenshot('dashboard-phone');
    await page.setViewportSize({ width: 1366, height: 900 });

    // The list of events: three trainings, the first answered.
    await openIn(page, language, '/events');
    await expect(page.getByRole('heading', { name: text('events.list.title') })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toHaveCount(3);
    await expectNoAccessibilityViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.setViewportSize({ width: 1366, height: 900 });

    // The week: next week's holds the first training, in its day's column; on a phone, by day.
    await page.getByRole('button', { name: text('events.views.week') }).click();
    await page.getByRole('button', { name: text('events.week.next') }).click();
    await expect(page.getByRole('link', { name: title })).toHaveCount(1);
    await expectNoAccessibilityViolations(page);
    await screenshot('week-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    // The list by day, which the phone list above already had under axe.
    await expect(
      page.getByRole('group', { name: text('events_common.rsvp.label', { title }) }),
    ).toBeVisible();
    await screenshot('week-phone');
    await page.setViewportSize({ width: 1366, height: 900 });

    // The event's page, as the player, then as the coach who sees the answer.
    await page.getByRole('link', { name: title }).first().click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText(player.pseudo).first()).toBeVisible();
    await expectNoAccessibilityViolations(page);

    const url = new URL(page.url());
    await openIn(coachPage, language, url.pathname);
    await expect(coachPage.getByRole('rowheader', { name: player.pseudo })).toBeVisible();
    await expect(coachPage.getByRole('link', { name: text('events.page.edit') })).toBeVisible();
    await expectNoAccessibilityViolations(coachPage);
    await coachContext.close();
  });
}
