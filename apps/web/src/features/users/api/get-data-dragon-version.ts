import { useQuery } from '@tanstack/react-query';

/** Riot's Data Dragon: the pictures of champions and items, one folder per game version. */
export const DATA_DRAGON_URL = 'https://ddragon.leagueoflegends.com';
const VERSIONS_URL = `${DATA_DRAGON_URL}/api/versions.json`;

/** A version known to exist, for when versions.json cannot be read (offline, blocked). */
export const FALLBACK_DATA_DRAGON_VERSION = '15.18.1';

const STORAGE_KEY = 'guildhall.ddragon-version';
/** A new version comes out every two weeks or so: asking once a day is plenty. */
const VERSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const TIMEOUT_MS = 5_000;
/** It goes into picture addresses: only digits and dots may. */
const VERSION_PATTERN = /^\d+(\.\d+){1,3}$/;

interface StoredVersion {
  version: string;
  savedAt: number;
}

function readStoredVersion(): StoredVersion | undefined {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (
      typeof stored === 'object' &&
      stored !== null &&
      'version' in stored &&
      'savedAt' in stored &&
      typeof stored.version === 'string' &&
      VERSION_PATTERN.test(stored.version) &&
      typeof stored.savedAt === 'number'
    ) {
      return { version: stored.version, savedAt: stored.savedAt };
    }
  } catch {
    // Unreadable or unavailable storage: ask the network.
  }
  return undefined;
}

function storeVersion(version: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ version, savedAt: Date.now() }));
  } catch {
    // Storage full or refused: the version is asked again on the next visit.
  }
}

/**
 * GET versions.json (newest first): the current Data Dragon version. Never fails: the pinned
 * version stands in when Data Dragon cannot be read, and is not remembered across visits.
 */
export async function getDataDragonVersion({
  signal,
}: { signal?: AbortSignal } = {}): Promise<string> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  try {
    const response = await fetch(VERSIONS_URL, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      credentials: 'omit',
    });
    const versions: unknown = response.ok ? await response.json() : undefined;
    const current: unknown = Array.isArray(versions) ? versions[0] : undefined;
    if (typeof current === 'string' && VERSION_PATTERN.test(current)) {
      storeVersion(current);
      return current;
    }
  } catch {
    // Offline, blocked or slow: the pinned version below.
  }
  return FALLBACK_DATA_DRAGON_VERSION;
}

/**
 * The Data Dragon version of the pictures, from this browser's storage when read less than a day
 * ago; undefined while it is first asked for.
 */
export function useDataDragonVersion(): string | undefined {
  const { data } = useQuery({
    queryKey: ['data-dragon-version'],
    queryFn: ({ signal }) => getDataDragonVersion({ signal }),
    initialData: () => readStoredVersion()?.version,
    initialDataUpdatedAt: () => readStoredVersion()?.savedAt,
    staleTime: VERSION_MAX_AGE_MS,
    gcTime: Infinity,
    retry: false,
  });
  return data;
}
