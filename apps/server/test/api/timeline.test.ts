import type { Event, TimelineLine, TimelinePage } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';
import {
  discordRoleMappings,
  leagueSnapshots,
  memberBadges,
  membershipEvents,
  type UserRow,
} from '../../src/db/schema.js';
import { applyDiscordRoles } from '../../src/services/discord/membership.js';
import { appendLines } from '../../src/services/points/ledger.js';
import { buildAdmin, buildMember, buildTeam } from '../helpers/factories.js';
import { clientAs, createTestContext, type Client, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let adminRow: UserRow;
let admin: Client;
let seasonId: string;
beforeAll(async () => {
  ctx = await createTestContext({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  adminRow = await buildAdmin(ctx.db);
  admin = clientAs(ctx, adminRow);
  const year = new Date().getUTCFullYear();
  const season = await admin.post('/api/seasons', {
    name: `Saison ${year}`,
    starts_on: `${year - 1}-01-01`,
    ends_on: `${year + 1}-12-31`,
  });
  expect(season.statusCode, season.body).toBe(201);
  seasonId = season.json<{ _id: string }>()._id;
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;

async function timelineOf(member: UserRow, reader: Client, cursor?: string) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const response = await reader.get(`/api/users/${member.id}/timeline${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TimelinePage>();
}

/** Every page, followed to the end. */
async function wholeTimeline(member: UserRow, reader: Client): Promise<TimelineLine[][]> {
  const pages: TimelineLine[][] = [];
  let cursor: string | undefined;
  do {
    const page = await timelineOf(member, reader, cursor);
    pages.push(page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return pages;
}

const kinds = (lines: TimelineLine[]) => lines.map((line) => line.kind);

async function milestone(name: string, threshold: number) {
  const created = await admin.post('/api/milestones', {
    name,
    threshold,
    icon: 'medal',
    colour: '#d4af37',
  });
  expect(created.statusCode, created.body).toBe(201);
}

async function award(member: UserRow, points: number, reason: string) {
  const response = await admin.post('/api/points/awards', { user_id: member.id, points, reason });
  expect(response.statusCode, response.body).toBe(201);
}

describe('a member timeline', () => {
  let member: UserRow;
  let teamId: string;
  let occurrenceId: string;

  beforeAll(async () => {
    member = await buildMember(ctx.db);
    await milestone('Or', 55);
    const team = await admin.post('/api/teams', {
      name: 'Guildhall LoL',
      icon: 'swords',
      type: 'esport',
      game: 'leagueoflegends',
      roles: [{ role: 'Coach', members: [member.id] }],
    });
    expect(team.statusCode, team.body).toBe(201);
    teamId = team.json<{ _id: string }>()._id;
    const training = await admin.post('/api/events', {
      title: 'Entraînement',
      type: 'training',
      starts_at: new Date(Date.now() - 2 * HOUR).toISOString(),
      ends_at: new Date(Date.now() - HOUR).toISOString(),
      audience: { kind: 'teams', team_ids: [teamId] },
    });
    expect(training.statusCode, training.body).toBe(201);
    occurrenceId = training.json<Event>().occurrences[0]!._id;
    const marked = await admin.put(`/api/event-occurrences/${occurrenceId}/attendance`, {
      entries: [{ user_id: member.id, status: 'present' }],
    });
    expect(marked.statusCode, marked.body).toBe(200);
    await award(member, 50, 'MVP du tournoi');
    await award(member, -5, 'Erreur de saisie');
    await ctx.db.insert(membershipEvents).values({
      id: newId(),
      userId: member.id,
      pseudo: member.pseudo,
      kind: 'role_granted',
      detail: 'user',
      source: 'admin',
    });
    await ctx.db.insert(memberBadges).values({
      id: newId(),
      userId: member.id,
      name: 'Capitaine',
      icon: 'crown',
      colour: '#112233',
    });
    await ctx.db.insert(leagueSnapshots).values({
      id: newId(),
      userId: member.id,
      puuid: `puuid-${member.id}`,
      queue: 'RANKED_SOLO_5x5',
      takenOn: '2026-01-02',
      tier: 'GOLD',
      division: 'II',
      leaguePoints: 12,
      wins: 10,
      losses: 8,
      change: 'up',
    });
  });

  it('shows the member every kind of line, newest first', async () => {
    const { items: lines, next_cursor: next } = await timelineOf(member, clientAs(ctx, member));
    expect(next).toBeNull();
    expect(new Set(kinds(lines))).toEqual(
      new Set([
        'joined',
        'team_role',
        'portal_role',
        'attended',
        'points',
        'milestone',
        'badge',
        'league_rank',
      ]),
    );
    const instants = lines.map((line) => line.at);
    expect(instants).toEqual([...instants].sort().reverse());
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'team_role',
          change: 'granted',
          team_id: teamId,
          team: 'Guildhall LoL',
          role: 'Coach',
        }),
        expect.objectContaining({ kind: 'portal_role', change: 'granted', role: 'user' }),
        expect.objectContaining({
          kind: 'attended',
          occurrence_id: occurrenceId,
          title: 'Entraînement',
          status: 'present',
          points: 10,
        }),
        expect.objectContaining({ kind: 'points', points: 50, reason: 'MVP du tournoi' }),
        expect.objectContaining({ kind: 'points', points: -5, reason: 'Erreur de saisie' }),
        expect.objectContaining({ kind: 'milestone', name: 'Or', season: expect.anything() }),
        expect.objectContaining({ kind: 'badge', name: 'Capitaine', icon: 'crown' }),
        expect.objectContaining({
          kind: 'league_rank',
          queue: 'RANKED_SOLO_5x5',
          tier: 'GOLD',
          division: 'II',
          change: 'up',
        }),
      ]),
    );
  });

  it('hides a private team event, a correction and the portal role from another member, not from an admin', async () => {
    const other = await timelineOf(member, clientAs(ctx, await buildMember(ctx.db)));
    expect(kinds(other.items)).not.toContain('attended');
    expect(kinds(other.items)).not.toContain('portal_role');
    expect(other.items.filter((line) => line.kind === 'points')).toMatchObject([{ points: 50 }]);

    const byAdmin = await timelineOf(member, admin);
    expect(kinds(byAdmin.items)).toEqual(expect.arrayContaining(['attended', 'portal_role']));
    expect(byAdmin.items.filter((line) => line.kind === 'points')).toHaveLength(2);
  });

  it('shows a team member the team event it may see', async () => {
    const teammate = await buildMember(ctx.db);
    const updated = await admin.put(`/api/teams/${teamId}`, {
      name: 'Guildhall LoL',
      icon: 'swords',
      type: 'esport',
      game: 'leagueoflegends',
      roles: [{ role: 'Coach', members: [teammate.id] }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const seen = await timelineOf(member, clientAs(ctx, teammate));
    expect(kinds(seen.items)).toContain('attended');
    // The admin's edit took the member's role back: the timeline says so, and still shows the
    // member its own attendance at the team's event.
    const own = await timelineOf(member, clientAs(ctx, member));
    expect(own.items[0]).toMatchObject({ kind: 'team_role', change: 'removed', role: 'Coach' });
    expect(kinds(own.items)).toContain('attended');
  });

  it('answers 404 for a member that does not exist and 400 for a cursor it did not give', async () => {
    const missing = await admin.get('/api/users/0123456789abcdef01234567/timeline');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('user_not_found');
    const bad = await admin.get(`/api/users/${member.id}/timeline?cursor=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'validation_failed',
      issues: [expect.objectContaining({ path: 'querystring.cursor' })],
    });
    // The old parameter is gone: the query takes no field it does not name.
    const old = await admin.get(`/api/users/${member.id}/timeline?before=2026-01-01`);
    expect(old.statusCode).toBe(400);
  });
});

describe('team roles from Discord', () => {
  it('names the team of a role a Discord mapping gives', async () => {
    const member = await buildMember(ctx.db);
    const team = await buildTeam(ctx.db, {
      name: 'Guildhall Valorant',
      roles: [{ role: 'Joueur', members: [] }],
    });
    const discordRoleId = '112233445566778899';
    await ctx.db
      .insert(discordRoleMappings)
      .values({ discordRoleId, teamRoleId: team.roleIds[0]!, position: 0 });
    await ctx.db.transaction((tx) => applyDiscordRoles(tx, member, [discordRoleId]));
    const { items: lines } = await timelineOf(member, admin);
    expect(lines.filter((line) => line.kind === 'team_role')).toEqual([
      expect.objectContaining({
        change: 'granted',
        team_id: team.id,
        team: 'Guildhall Valorant',
        role: 'Joueur',
      }),
    ]);
  });
});

describe('timeline pages', () => {
  it('returns every line once, newest first, twenty a page, lines of the same instant included', async () => {
    const member = await buildMember(ctx.db);
    // Written at one instant: only their keys order them.
    const now = new Date();
    await appendLines(
      ctx.db,
      Array.from({ length: 25 }, (_, index) => ({
        userId: member.id,
        seasonId,
        points: 1,
        source: 'membership' as const,
        reason: `Ancienneté ${index}`,
      })),
      now,
    );
    await ctx.db.insert(memberBadges).values(
      Array.from({ length: 12 }, (_, index) => ({
        id: newId(),
        userId: member.id,
        name: `Badge ${index}`,
        icon: 'star' as const,
        colour: '#445566',
        createdAt: new Date(now.getTime() - index * 1000),
      })),
    );
    const pages = await wholeTimeline(member, clientAs(ctx, member));
    expect(pages.map((page) => page.length)).toEqual([20, 18]);
    const lines = pages.flat();
    expect(new Set(lines.map((line) => line.key)).size).toBe(38);
    expect(lines.filter((line) => line.kind === 'points')).toHaveLength(25);
    const instants = lines.map((line) => line.at);
    expect(instants).toEqual([...instants].sort().reverse());
  });
});

describe('milestones reached', () => {
  /** The lines of one milestone (a high total reaches the lower ones of the file too). */
  const reachedOf = async (member: UserRow, name: string) =>
    (await wholeTimeline(member, admin))
      .flat()
      .filter((line) => line.kind === 'milestone' && line.name === name);

  it('are recorded once, when the season total crosses the threshold, and kept after a correction', async () => {
    await milestone('Argent', 1_030);
    const member = await buildMember(ctx.db);
    await award(member, 1_000, 'Fondateur');
    expect(await reachedOf(member, 'Argent')).toEqual([]);
    await award(member, 40, 'Tournoi');
    expect(await reachedOf(member, 'Argent')).toHaveLength(1);
    await award(member, -20, 'Correction');
    await award(member, 20, 'Tournoi encore');
    expect(await reachedOf(member, 'Argent')).toHaveLength(1);
  });

  it('are recorded when attendance points cross the threshold', async () => {
    await milestone('Bronze', 2_005);
    const member = await buildMember(ctx.db);
    await award(member, 2_000, 'Fondateur');
    expect(await reachedOf(member, 'Bronze')).toEqual([]);
    const training = await admin.post('/api/events', {
      title: 'Scrim',
      type: 'training',
      starts_at: new Date(Date.now() - 2 * HOUR).toISOString(),
      ends_at: new Date(Date.now() - HOUR).toISOString(),
      audience: { kind: 'organization' },
    });
    const occurrence = training.json<Event>().occurrences[0]!._id;
    await admin.put(`/api/event-occurrences/${occurrence}/attendance`, {
      entries: [{ user_id: member.id, status: 'late' }],
    });
    expect(await reachedOf(member, 'Bronze')).toHaveLength(1);
  });
});
