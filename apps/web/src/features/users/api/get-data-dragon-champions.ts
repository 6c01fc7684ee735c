import type { Language } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n/use-language';
import { DATA_DRAGON_URL } from './get-data-dragon-version';

/** Data Dragon's language folders for ours. */
const DATA_DRAGON_LOCALES: Record<Language, string> = { fr: 'fr_FR', en: 'en_US' };

const TIMEOUT_MS = 10_000;
/** A picture's file name goes into an address: letters, digits and dots only. */
const PICTURE_PATTERN = /^[A-Za-z0-9]+\.png$/;

/** A champion as the League tab shows it. */
export interface Champion {
  /** In the reader's language: `Wukong`, `Cho'Gath`, `K'Santé`. */
  name: string;
  /** Data Dragon's picture file: `MonkeyKing.png`, `Fiddlesticks.png`. */
  picture: string;
}

/** By champion key: match-v5's `championId`, champion.json's `key`. */
export type ChampionsByKey = ReadonlyMap<number, Champion>;

/** One entry of champion.json's `data`, as far as it is read. */
function readChampion(entry: unknown): [number, Champion] | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { key, name, id, image } = entry as Record<string, unknown>;
  const full =
    typeof image === 'object' && image !== null
      ? (image as Record<string, unknown>).full
      : undefined;
  const picture = typeof full === 'string' ? full : typeof id === 'string' ? `${id}.png` : '';
  const number = typeof key === 'string' ? Number(key) : Number.NaN;
  if (!Number.isInteger(number) || typeof name !== 'string' || !PICTURE_PATTERN.test(picture)) {
    return undefined;
  }
  return [number, { name, picture }];
}

/**
 * GET champion.json of a Data Dragon version in the reader's language: every champion's display
 * name and picture by key. Fails (and the tab shows Riot's internal names) when Data Dragon
 * cannot be read.
 */
export async function getDataDragonChampions(
  version: string,
  language: Language,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ChampionsByKey> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const url = `${DATA_DRAGON_URL}/cdn/${version}/data/${DATA_DRAGON_LOCALES[language]}/champion.json`;
  const response = await fetch(url, {
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    credentials: 'omit',
  });
  if (!response.ok) throw new Error(`champion.json: HTTP ${response.status}`);
  const body: unknown = await response.json();
  const data =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).data : undefined;
  if (typeof data !== 'object' || data === null) throw new Error('champion.json: no data');
  const champions = Object.values(data)
    .map(readChampion)
    .filter((champion) => champion !== undefined);
  return new Map(champions);
}

/**
 * The champions of Data Dragon's `version` in the reader's language; undefined while they are
 * asked for, or when Data Dragon cannot be read. A version's file never changes: asked once.
 */
export function useDataDragonChampions(version: string | undefined): {
  champions: ChampionsByKey | undefined;
  /** True while they may still come: pictures wait rather than fall back. */
  isPending: boolean;
} {
  const { language } = useLanguage();
  const { data, isPending, isError } = useQuery({
    queryKey: ['data-dragon-champions', version, language],
    queryFn: ({ signal }) => getDataDragonChampions(version ?? '', language, { signal }),
    enabled: version !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return { champions: data, isPending: isPending && !isError };
}
