import type { EventBody, PointRules, TeamBody } from '@guildhall/contract';
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

// Issue 18's journey: an admin sets a rule and a milestone in the Points tab, a member comes to
// an event and is marked present, gets the rule's points, reaches the milestone, and sees it on
// the dashboard's ranking card, on the leaderboard and in the timeline of the profile.

const MINUTE = 60_000;
const isoDay = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('a member marked present gets the points of the rule and reaches the milestone', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const fr = (key: string, params?: Record<string, string | number>) => t('fr', key, params);
  // A rule and a threshold no other test uses: the member's points are exactly the threshold.
  const points = 9000 + Math.floor(Math.random() * 1000);
  const milestoneName = `Légende ${points}`;
  const title = uniquePseudo('Tournoi');

  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  const member = await signIn(memberPage, uniquePseudo('journey'));
  await signIn(page, ADMIN_PSEUDO);
  const admin = page.request;

  // A season under way (this one, or one another test made: seasons never overlap), the member
  // in a team, and the team's tournament that started a quarter of an hour ago.
  const season = await admin.post('/api/seasons', {
    data: { name: 'Saison parcours', starts_on: isoDay(-1), ends_on: isoDay(1) },
  });
  expect([201, 409], await season.text()).toContain(season.status());
  const team: TeamBody = {
    name: uniquePseudo('Parcours'),
    icon: 'trophy',
    type: 'transversal',
    roles: [{ role: 'Joueurs', members: [member._id] }],
  };
  const createdTeam = await admin.post('/api/teams', { data: team });
  expect(createdTeam.status(), await createdTeam.text()).toBe(201);
  const teamId = ((await createdTeam.json()) as { _id: string })._id;
  const rulesBefore = (await (await admin.get('/api/points/rules')).json()) as PointRules;

  // The admin sets the rule and the milestone in the Points tab.
  await openIn(page, 'fr', '/settings/organization?tab=points');
  const cell = page.getByRole('spinbutton', {
    name: fr('points_admin.rules.cell', {
      type: fr('events_common.types.other'),
      mark: fr('points_admin.marks.present'),
    }),
  });
  await cell.fill(String(points));
  await page.getByRole('button', { name: fr('points_admin.rules.save') }).click();
  await expect(toast(page, fr('points_admin.rules.saved'))).toBeVisible();

  await page.getByRole('button', { name: fr('points_admin.milestones.create') }).click();
  const dialog = page.getByRole('dialog', { name: fr('points_admin.milestones.create_title') });
  await dialog
    .getByRole('textbox', { name: fr('points_admin.milestones.name') })
    .fill(milestoneName);
  await dialog
    .getByRole('spinbutton', { name: fr('points_admin.milestones.threshold') })
    .fill(String(points));
  await dialog.getByRole('button', { name: fr('forms.save') }).click();
  await expect(
    toast(page, fr('points_admin.milestones.created', { name: milestoneName })),
  ).toBeVisible();

  // The tournament, and the member marked present on its page.
  const starts = Date.now() - 15 * MINUTE;
  const event: EventBody = {
    title,
    type: 'other',
    starts_at: new Date(starts).toISOString(),
    ends_at: new Date(starts + 120 * MINUTE).toISOString(),
    time_zone: 'Europe/Paris',
    audience: { kind: 'teams', team_ids: [teamId] },
  };
  const created = await admin.post('/api/events', { data: event });
  expect(created.status(), await created.text()).toBe(201);
  const occurrence = ((await created.json()) as { occurrences: { _id: string }[] }).occurrences[0]!
    ._id;
  await page.goto(`/events/${occurrence}`);
  const attendance = page.getByRole('region', { name: fr('events.manage.attendance.title') });
  const present = fr('events.manage.attendance.statuses.present');
  await attendance
    .getByRole('radiogroup', { name: member.pseudo })
    .getByText(present, { exact: true })
    .click();
  await attendance.getByRole('button', { name: fr('events.manage.attendance.save') }).click();
  await expect(toast(page, fr('events.manage.attendance.saved'))).toBeVisible();

  // The member's dashboard: the points, and the milestone reached.
  await openIn(memberPage, 'fr', '/dashboard');
  const card = memberPage.getByRole('region', { name: fr('dashboard.ranking.title') });
  await expect(
    card.getByText(fr('dashboard.ranking.points_other', { count: points })),
  ).toBeVisible();
  await expect(
    card.getByText(fr('dashboard.ranking.reached', { name: milestoneName })),
  ).toBeVisible();

  // The leaderboard: the member's own line.
  await card.getByRole('link', { name: fr('dashboard.ranking.see_all') }).click();
  await expect(memberPage.getByRole('heading', { level: 1 })).toHaveText(fr('leaderboard.title'));
  await expect(
    memberPage.getByRole('row', { name: new RegExp(member.pseudo) }).first(),
  ).toContainText(String(points));

  // The profile's timeline, in English (another browser): the event attended and the milestone.
  await memberContext.close();
  const english = await browser.newContext({ baseURL });
  const englishPage = await english.newPage();
  await signIn(englishPage, member.pseudo);
  await openIn(englishPage, 'en', `/users/${member._id}`);
  const timeline = englishPage.getByRole('region', { name: t('en', 'users.profile.activity') });
  await expect(
    timeline.getByText(
      tPattern('en', 'profile_timeline.with_points', {
        sentence: t('en', 'profile_timeline.attended_present', { title }),
      }),
    ),
  ).toBeVisible();
  await expect(
    timeline.getByText(tPattern('en', 'profile_timeline.milestone', { name: milestoneName })),
  ).toBeVisible();
  await expectNoAccessibilityViolations(englishPage);
  await english.close();

  const restored = await admin.put('/api/points/rules', { data: rulesBefore });
  expect(restored.status(), await restored.text()).toBe(200);
});
