import { describe, expect, it } from 'vitest';
import {
  CONDITION_MAX_DEPTH,
  ConditionError,
  evaluateCondition,
  parseCondition,
  type MemberFacts,
} from './condition-language.js';

const member = (facts: Partial<MemberFacts> = {}): MemberFacts => ({
  role: 'user',
  adhesion: true,
  pseudo: 'Kaelith',
  country: 'France',
  town: 'Paris',
  member_days: 120,
  games: ['leagueoflegends'],
  teams: ['Guildhall LoL'],
  team_roles: ['Joueurs'],
  twitch_connected: false,
  twitter_connected: true,
  profile_complete: true,
  ...facts,
});

const holds = (condition: string, facts: Partial<MemberFacts> = {}) =>
  evaluateCondition(parseCondition(condition), member(facts));

const refusal = (condition: string): ConditionError => {
  try {
    parseCondition(condition);
  } catch (error) {
    if (error instanceof ConditionError) return error;
    throw error;
  }
  throw new Error(`accepted: ${condition}`);
};

describe('the examples of the specification', () => {
  it('true', () => expect(holds('true')).toBe(true));

  it('role == "guest"', () => {
    expect(holds('role == "guest"', { role: 'guest' })).toBe(true);
    expect(holds('role == "guest"', { role: 'user' })).toBe(false);
  });

  it('not adhesion', () => {
    expect(holds('not adhesion', { adhesion: false })).toBe(true);
    expect(holds('not adhesion', { adhesion: true })).toBe(false);
  });

  it('role in ("user", "admin") and country == "France"', () => {
    const condition = 'role in ("user", "admin") and country == "France"';
    expect(holds(condition, { role: 'admin' })).toBe(true);
    expect(holds(condition, { role: 'guest' })).toBe(false);
    expect(holds(condition, { role: 'user', country: 'Belgique' })).toBe(false);
  });

  it('"valorant" in games', () => {
    expect(holds('"valorant" in games', { games: ['valorant', 'fortnite'] })).toBe(true);
    expect(holds('"valorant" in games', { games: [] })).toBe(false);
  });

  it('member_days < 30', () => {
    expect(holds('member_days < 30', { member_days: 3 })).toBe(true);
    expect(holds('member_days < 30', { member_days: 30 })).toBe(false);
  });
});

describe('the rest of the language', () => {
  it.each([
    ['role != "guest"', true],
    ['member_days >= 120 and member_days <= 120', true],
    ['member_days > 119.5', true],
    ['role not in ("guest", "invited")', true],
    ['"Valorant" not in games', true],
    ['"Joueurs" in team_roles and "Guildhall LoL" in teams', true],
    ['twitter_connected and not twitch_connected', true],
    ['adhesion == true', true],
    ['pseudo == "Kaelith" and town == "Paris"', true],
    ['"a \\"quoted\\" word" == "a \\"quoted\\" word"', true],
    ['not not true', true],
    ['profile_complete and not (profile_complete == false)', true],
    ['false', false],
  ])('%s → %s', (condition, expected) => {
    expect(holds(condition)).toBe(expected);
  });

  it('binds "and" tighter than "or", and "not" tighter than both', () => {
    expect(holds('true or false and false')).toBe(true);
    expect(holds('(true or false) and false')).toBe(false);
    expect(holds('not false and false')).toBe(false);
    expect(holds('not (false and false)')).toBe(true);
  });

  it('reads profile_complete as true or false', () => {
    expect(holds('not profile_complete', { profile_complete: false })).toBe(true);
    expect(holds('not profile_complete', { profile_complete: true })).toBe(false);
    expect(refusal('profile_complete == "yes"').reason).toBe(
      "'==' compares a boolean with a string",
    );
  });

  it('compares strings exactly', () => {
    expect(holds('country == "france"')).toBe(false);
  });
});

describe('refused conditions name the position and the reason', () => {
  it.each([
    ['constructor.constructor("return process")()', 11, "unexpected character '.'"],
    ['constructor', 0, "unknown field 'constructor'"],
    ['__proto__', 0, "unknown field '__proto__'"],
    ['alert(1)', 0, "unknown field 'alert'"],
    ['fetch("//x")', 0, "unknown field 'fetch'"],
    ['role ==', 7, 'expected a value, found the end of the condition'],
    ['unknown_field == 1', 0, "unknown field 'unknown_field'"],
    ['toString == "x"', 0, "unknown field 'toString'"],
    ['role = "user"', 5, "unexpected character '='"],
    ['role == "user', 8, 'this string is never closed'],
    ['role == 1', 5, "'==' compares a string with a number"],
    ['role < "z"', 5, "'<' compares numbers"],
    ['member_days', 0, 'the condition must be true or false'],
    ['"x" in role', 7, "expected a list in parentheses or a list field after 'in', found 'role'"],
    ['games == "valorant"', 6, "use 'in' to look inside a list, not '=='"],
    [
      'role in ("user", 1)',
      5,
      "every value of the list must be a string, like what is before 'in'",
    ],
    ['adhesion and "yes"', 9, "'and' joins true or false values"],
    ['(true', 5, "expected ')', found the end of the condition"],
    ['true true', 5, "unexpected 'true'"],
    ['', 0, 'the condition is empty'],
    ['role == "a"; process.exit()', 11, "unexpected character ';'"],
  ])('%s', (condition, position, reason) => {
    const error = refusal(condition);
    expect({ position: error.position, reason: error.reason }).toEqual({ position, reason });
  });

  it('refuses 10,000 nested parentheses quickly, without exhausting the stack', () => {
    const deep = `${'('.repeat(10_000)}true${')'.repeat(10_000)}`;
    expect(refusal(deep).reason).toMatch(/at most/);
    const nested =
      `${'('.repeat(CONDITION_MAX_DEPTH + 1)}true${')'.repeat(CONDITION_MAX_DEPTH + 1)}`.slice(
        0,
        499,
      );
    expect(refusal(nested).reason).toMatch(/too deeply nested|never|expected/);
  });

  it('refuses deep nesting within the length limit', () => {
    const condition = `${'not '.repeat(CONDITION_MAX_DEPTH + 1)}true`;
    expect(refusal(condition).reason).toBe(
      `too deeply nested (at most ${CONDITION_MAX_DEPTH} levels)`,
    );
    const parentheses = `${'('.repeat(CONDITION_MAX_DEPTH + 1)}true${')'.repeat(CONDITION_MAX_DEPTH + 1)}`;
    expect(refusal(parentheses).reason).toBe(
      `too deeply nested (at most ${CONDITION_MAX_DEPTH} levels)`,
    );
  });

  it('accepts nesting up to the limit', () => {
    const condition = `${'('.repeat(CONDITION_MAX_DEPTH)}true${')'.repeat(CONDITION_MAX_DEPTH)}`;
    expect(holds(condition)).toBe(true);
  });

  it('refuses a condition over the length limit', () => {
    expect(refusal(`role == "${'x'.repeat(600)}"`).reason).toBe(
      'a condition has at most 500 characters',
    );
  });
});
