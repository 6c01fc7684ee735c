import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A 1×1 PNG: what the fake serves for every picture it has. */
export const FAKE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A champion as champion.json lists it: names per language, its picture's name. */
export interface FakeChampion {
  key: number;
  /** champion.json's `id`. */
  id: string;
  /** The picture's file name without `.png`, when it differs from `id`. */
  picture?: string;
  name: { fr: string; en: string };
}

/** Riot's internal names against the display names, the cases decision 026 is about. */
export const FAKE_CHAMPIONS: FakeChampion[] = [
  { key: 62, id: 'MonkeyKing', name: { fr: 'Wukong', en: 'Wukong' } },
  { key: 36, id: 'DrMundo', name: { fr: 'Dr. Mundo', en: 'Dr. Mundo' } },
  { key: 9, id: 'Fiddlesticks', name: { fr: 'Fiddlesticks', en: 'Fiddlesticks' } },
  { key: 897, id: 'KSante', name: { fr: "K'Santé", en: "K'Sante" } },
];

export const FAKE_ITEMS = [3031, 3340];

export interface FakeDataDragon {
  url: string;
  /** The version versions.json names first. */
  version: string;
  /** Every answer is 500 (or the connection is refused for `refuse`) while set. */
  down: boolean;
  champions: FakeChampion[];
  /** The paths asked, in order. */
  requests: string[];
  env(): { DATA_DRAGON_URL: string };
  close(): Promise<void>;
}

/** Riot's Data Dragon as far as Guildhall reads it: versions.json, champion.json, pictures. */
export async function startFakeDataDragon(port = 0): Promise<FakeDataDragon> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    fake.requests.push(path);
    const json = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (fake.down) return void response.writeHead(500).end('down');
    if (path === '/api/versions.json') return json([fake.version, '14.1.1']);
    const data = /^\/cdn\/([\d.]+)\/data\/(fr_FR|en_US)\/champion\.json$/.exec(path);
    if (data?.[1] === fake.version) {
      const language = data[2] === 'fr_FR' ? 'fr' : 'en';
      return json({
        type: 'champion',
        version: fake.version,
        data: Object.fromEntries(
          fake.champions.map((champion) => [
            champion.id,
            {
              id: champion.id,
              key: String(champion.key),
              name: champion.name[language],
              image: { full: `${champion.picture ?? champion.id}.png` },
            },
          ]),
        ),
      });
    }
    const picture = /^\/cdn\/([\d.]+)\/img\/(champion|item)\/([A-Za-z0-9]+)\.png$/.exec(path);
    const known =
      picture?.[2] === 'champion'
        ? fake.champions.some((champion) => (champion.picture ?? champion.id) === picture[3])
        : FAKE_ITEMS.map(String).includes(picture?.[3] ?? '');
    if (picture?.[1] === fake.version && known) {
      return void response
        .writeHead(200, { 'content-type': 'image/png', 'content-length': FAKE_PNG.length })
        .end(FAKE_PNG);
    }
    // Data Dragon answers 403 for what it does not have.
    response
      .writeHead(403, { 'content-type': 'application/xml' })
      .end('<Error>AccessDenied</Error>');
  });

  const fake: FakeDataDragon = {
    url: '',
    version: '15.12.1',
    down: false,
    champions: structuredClone(FAKE_CHAMPIONS),
    requests: [],
    env: () => ({ DATA_DRAGON_URL: fake.url }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
