import {
  TEAM_GAMES,
  TEAM_TYPES,
  type Team,
  type TeamGame,
  type TeamType,
} from '@guildhall/contract';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The filters of the teams table; undefined shows all. */
export interface TeamsFilter {
  type: TeamType | undefined;
  game: TeamGame | undefined;
}

const typeOf = (value: string | null): TeamType | undefined =>
  TEAM_TYPES.find((type) => type === value);
const gameOf = (value: string | null): TeamGame | undefined =>
  TEAM_GAMES.find((game) => game === value);

/** The teams that pass the filter, in the order given. */
export function filterTeams(teams: Team[], { type, game }: TeamsFilter): Team[] {
  return teams.filter((team) => (!type || team.type === type) && (!game || team.game === game));
}

/** The filter lives in the address (`?type=esport&game=valorant`): it survives a reload. */
export function useTeamsFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter: TeamsFilter = {
    type: typeOf(searchParams.get('type')),
    game: gameOf(searchParams.get('game')),
  };

  const update = useCallback(
    (changes: Partial<TeamsFilter>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return { filter, update };
}
