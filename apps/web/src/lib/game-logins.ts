import {
  GAME_LOGIN_FIELDS,
  GAME_LOGIN_MAX_LENGTH,
  GAME_LOGINS_PER_GAME,
  type LoginGame,
  RIOT_ID_PATTERN,
} from '@guildhall/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Why a login cannot join a game's list. */
export type LoginProblem = 'empty' | 'too_long' | 'not_riot_id' | 'duplicate' | 'too_many';

export type LoginCheck =
  { login: string; problem?: never } | { login?: never; problem: LoginProblem };

/**
 * Whether `typed` can be added to a game's `existing` logins, by the contract's rules (trimmed,
 * not empty, at most GAME_LOGIN_MAX_LENGTH characters, no duplicate whatever the case, at most
 * GAME_LOGINS_PER_GAME per game, Riot IDs for League). Checked here to answer at once and in the
 * reader's language; the server checks again.
 */
export function checkNewLogin(
  game: LoginGame,
  typed: string,
  existing: readonly string[],
): LoginCheck {
  const login = typed.trim();
  if (!login) return { problem: 'empty' };
  if (login.length > GAME_LOGIN_MAX_LENGTH) return { problem: 'too_long' };
  if (game === 'leagueoflegends' && !RIOT_ID_PATTERN.test(login)) return { problem: 'not_riot_id' };
  const lowerCase = login.toLowerCase();
  if (existing.some((known) => known.toLowerCase() === lowerCase)) return { problem: 'duplicate' };
  if (existing.length >= GAME_LOGINS_PER_GAME) return { problem: 'too_many' };
  return { login };
}

/** The sentence explaining a LoginProblem. */
export function useLoginProblemText(): (problem: LoginProblem) => string {
  const { t } = useTranslation();
  return useCallback(
    (problem: LoginProblem) =>
      t(`game_logins.problems.${problem}`, {
        maxLength: GAME_LOGIN_MAX_LENGTH,
        maxCount: GAME_LOGINS_PER_GAME,
      }),
    [t],
  );
}

type GameLoginField = (typeof GAME_LOGIN_FIELDS)[LoginGame];

/** The part of a PUT /api/users/{id} body that replaces one game's logins. */
export function loginListPatch(
  game: LoginGame,
  logins: string[],
): Partial<Record<GameLoginField, string[]>> {
  const patch: Partial<Record<GameLoginField, string[]>> = {};
  patch[GAME_LOGIN_FIELDS[game]] = logins;
  return patch;
}
