import type { EventBody, TeamBody } from '@guildhall/contract';
import type { APIRequestContext } from '@playwright/test';
import {
  ADMIN_PSEUDO,
  expect,
  expectNoAccessibilityViolations,
  openIn,
  signIn,
  test,
  toast,
  uniquePseudo,
} from './fixtures';
import { t, tPattern } from './translations';

// A team's coach on the event page: marks who came to a training that has started, cancels the
// next one; the page under axe in French (on a phone) and in English.

const MINUTE = 60_000;

/** A one-off training for the team, from `startsIn` milliseconds from now, two hours long. */
async function trainingOf(
  request: APIRequestContext,
  teamId: string,
  title: string,
  startsIn: number,
): Promise<string> {
  const starts = Date.now() + startsIn;
  const body: EventBody = {
    title,
    type: 'training',
    starts_at: new Date(starts).toISOString(),
    ends_at: new Date(starts + 120 * MINUTE).toISOString(),
    time_zone: 'Europe/Paris',
    audience: { kind: 'teams', team_ids: [teamId] },
  };
  const created = await request.post('/api/events', { data: body });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { occurrences: { _id: string }[] };
  return event.occurrences[0]!._id;
}

test('a coach marks who came to a started training and cancels the next one', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const fr = (key: string, params?: Record<string, string | number>) => t('fr', key, params);
  const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);
  const teamName = uniquePseudo('manage');

  const coach = await signIn(page, uniquePseudo('coach'));
  const others = await browser.newContext({ baseURL });
  const player = await signIn(others, uniquePseudo('player'));
  await others.clearCookies();
  await signIn(others, ADMIN_PSEUDO);
  const team: TeamBody = {
    name: teamName,
    icon: 'trophy',
    type: 'esport',
    game: 'valorant',
    roles: [
      { role: 'Coach', members: [coach._id], manages: true },
      { role: 'Joueurs', members: [player._id] },
    ],
  };
  const createdTeam = await others.request.post('/api/teams', { data: team });
  expect(createdTeam.status(), await createdTeam.text()).toBe(201);
  const teamId = ((await createdTeam.json()) as { _id: string })._id;
  await others.close();

  const started = await trainingOf(page.request, teamId, `Started ${teamName}`, -15 * MINUTE);
  const next = await trainingOf(page.request, teamId, `Next ${teamName}`, 2 * 1440 * MINUTE);

  // Attendance, on a phone: the player present, the coach late (with the arrow keys).
  await page.setViewportSize({ width: 390, height: 844 });
  await openIn(page, 'fr', `/events/${started}`);
  const attendance = page.getByRole('region', { name: fr('events.manage.attendance.title') });
  const marks = (pseudo: string) => attendance.getByRole('radiogroup', { name: pseudo });
  const present = fr('events.manage.attendance.statuses.present');
  // The radios are hidden behind their labels, which are what a finger or a mouse hits.
  await marks(player.pseudo).getByText(present, { exact: true }).click();
  await expect(marks(player.pseudo).getByRole('radio', { name: present })).toBeChecked();
  await marks(coach.pseudo).getByText(present, { exact: true }).click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(
    marks(coach.pseudo).getByRole('radio', { name: fr('events.manage.attendance.statuses.late') }),
  ).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAccessibilityViolations(page);

  await attendance.getByRole('button', { name: fr('events.manage.attendance.save') }).click();
  await expect(toast(page, fr('events.manage.attendance.saved'))).toBeVisible();
  await expect(attendance.getByRole('status')).toHaveText(fr('events.manage.attendance.all_saved'));
  await page.reload();
  await expect(marks(player.pseudo).getByRole('radio', { name: present })).toBeChecked();

  // The next training, cancelled once confirmed.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/events/${next}`);
  await expect(page.getByRole('heading', { name: `Next ${teamName}` })).toBeVisible();
  await expect(
    attendance.getByText(tPattern('fr', 'events.manage.attendance.opens')),
  ).toBeVisible();
  await page.getByRole('button', { name: fr('events.manage.cancel') }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: fr('events.manage.cancel') }).click();
  await expect(page.getByText(fr('events_common.cancelled'), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: fr('events.manage.restore') })).toBeVisible();

  // In English, the attendance as saved.
  const english = await browser.newContext({ baseURL });
  const englishPage = await english.newPage();
  await signIn(englishPage, coach.pseudo);
  await openIn(englishPage, 'en', `/events/${started}`);
  const saved = englishPage.getByRole('region', { name: en('events.manage.attendance.title') });
  await expect(
    saved
      .getByRole('radiogroup', { name: coach.pseudo })
      .getByRole('radio', { name: en('events.manage.attendance.statuses.late') }),
  ).toBeChecked();
  await expect(englishPage.getByRole('button', { name: en('events.manage.move') })).toBeVisible();
  await expectNoAccessibilityViolations(englishPage);
  await english.close();
});
