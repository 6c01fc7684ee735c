import {
  TEAM_GAMES,
  TEAM_TYPES,
  type Team,
  type TeamGame,
  type TeamType,
} from '@guildhall/contract';
import { useSearchParams } from 'react-router';
import { useUpdateSearchParams } from '@/lib/use-update-search-params';

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
  const [searchParams] = useSearchParams();
  const filter: TeamsFilter = {
    type: typeOf(searchParams.get('type')),
    game: gameOf(searchParams.get('game')),
  };

  const update: (changes: Partial<TeamsFilter>) => void = useUpdateSearchParams();

  return { filter, update };
}
