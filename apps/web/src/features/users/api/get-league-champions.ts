import type { LeagueChampions } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLanguage } from '@/i18n/use-language';
import { apiRequest } from '@/lib/api-client';

/** A champion as the League tab shows it. */
export interface Champion {
  /** In the reader's language: `Wukong`, `Cho'Gath`, `K'Santé`. */
  name: string;
  /** Its picture, served by Guildhall: `/api/league/assets/champion/MonkeyKing.png?v=15.12.1`. */
  pictureUrl: string;
}

/** By champion key: match-v5's `championId`, champion.json's `key`. */
export type ChampionsByKey = ReadonlyMap<number, Champion>;

/**
 * GET /api/league/champions: Data Dragon's champions as the server keeps them, with their names
 * in both languages. The browser never calls Riot itself (decision 026).
 */
export function getLeagueChampions({
  signal,
}: { signal?: AbortSignal } = {}): Promise<LeagueChampions> {
  return apiRequest('/api/league/champions', { schema: 'leagueChampionsSchema', signal });
}

/** A picture's address; the version in it makes a new address when Data Dragon has a new one. */
export const championPictureUrl = (version: string, id: string) =>
  `/api/league/assets/champion/${encodeURIComponent(id)}.png?v=${encodeURIComponent(version)}`;
export const itemPictureUrl = (version: string, itemId: number) =>
  `/api/league/assets/item/${itemId}.png?v=${encodeURIComponent(version)}`;

/** A new Data Dragon version comes every two weeks or so: asked again after an hour at most. */
const STALE_MS = 60 * 60_000;

/**
 * The champions in the reader's language (a language switch asks nothing), and the Data Dragon
 * version of the pictures: undefined while they are asked for, null when the server could never
 * read Data Dragon (the tab then shows Riot's internal names on neutral tiles).
 */
export function useLeagueChampions(): {
  champions: ChampionsByKey | undefined;
  version: string | null | undefined;
} {
  const { language } = useLanguage();
  const { data, isPending } = useQuery({
    queryKey: ['league-champions'],
    queryFn: ({ signal }) => getLeagueChampions({ signal }),
    staleTime: STALE_MS,
    retry: false,
  });
  const version = data?.version ?? null;
  const champions = useMemo(
    () =>
      data && version !== null
        ? new Map(
            data.champions.map((champion): [number, Champion] => [
              champion.key,
              {
                name: champion.name[language],
                pictureUrl: championPictureUrl(version, champion.id),
              },
            ]),
          )
        : undefined,
    [data, language, version],
  );
  return { champions, version: isPending ? undefined : version };
}
