import { useCallback } from 'react';
import { useLeagueChampions } from '../../../api/get-league-champions';

/** A champion of a game, as shown: its name and, when known, its picture's address. */
export interface ShownChampion {
  name: string;
  /** Undefined while the champions load, or for a champion Data Dragon does not know yet. */
  pictureUrl: string | undefined;
  /** True while the picture may still come: drawn as an empty box, not a fallback tile. */
  pending: boolean;
}

/**
 * Champions by their key (match-v5's `championId`), never by Riot's internal name: match-v5
 * writes `FiddleSticks` while Data Dragon's picture is `Fiddlesticks.png`. A champion newer than
 * the data shows under its internal name, with the fallback tile.
 */
export function useShownChampion() {
  const { champions, version } = useLeagueChampions();
  const pending = version === undefined;
  return useCallback(
    ({ championId, championName }: { championId: number; championName: string }): ShownChampion => {
      const champion = champions?.get(championId);
      return { name: champion?.name ?? championName, pictureUrl: champion?.pictureUrl, pending };
    },
    [champions, pending],
  );
}
