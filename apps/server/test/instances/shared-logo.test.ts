import type { Organization } from '@guildhall/contract';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../helpers/factories.js';
import { startEmbeddedDatabase, twoInstances, type TwoInstances } from './two-instances.js';
import { clientAs } from '../helpers/test-app.js';

beforeAll(startEmbeddedDatabase);

let instances: TwoInstances | undefined;
afterEach(async () => {
  await instances?.close();
  instances = undefined;
});

const BOUNDARY = 'guildhall-test-boundary';

/** The multipart body a browser sends for a logo file. */
const logoForm = (bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

const png = (color: string) =>
  sharp({ create: { width: 48, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();

describe('the logo across instances', () => {
  it('uploaded through one instance is served by the other, with the same ETag and bytes', async () => {
    instances = await twoInstances({});
    const [first, second] = instances.apps;
    const admin = await signedInAs(instances.database.db, instances.config, 'admin');
    const getLogo = (app: typeof first, headers: Record<string, string> = {}) =>
      clientAs({ app }, 'anonymous').get('/api/organization/logo', { headers });
    const upload = (color: string) =>
      png(color).then((bytes) =>
        clientAs({ app: first }, { cookie: admin.cookie }).post(
          '/api/organization/upload-logo',
          logoForm(bytes),
          { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } },
        ),
      );

    // The second instance has served an earlier logo: the new one replaces it there too.
    expect((await upload('#112233')).statusCode).toBe(200);
    const earlier = await getLogo(second);
    expect(earlier.statusCode).toBe(200);

    const uploaded = await upload('#ff8800');
    expect(uploaded.statusCode).toBe(200);
    const logoUrl = uploaded.json<Organization>().logo;
    const organizationOnSecond = await clientAs({ app: second }, 'anonymous').get(
      '/api/organization',
    );
    expect(organizationOnSecond.json<Organization>().logo).toBe(logoUrl);

    const fromFirst = await getLogo(first);
    const fromSecond = await getLogo(second);
    expect(fromSecond.statusCode).toBe(200);
    expect(fromSecond.headers['content-type']).toBe('image/png');
    expect(fromSecond.headers.etag).toBe(fromFirst.headers.etag);
    expect(fromSecond.headers.etag).not.toBe(earlier.headers.etag);
    expect(fromSecond.rawPayload.equals(fromFirst.rawPayload)).toBe(true);

    // A browser that fetched it from the first instance revalidates with the second.
    const revalidated = await getLogo(second, {
      'if-none-match': fromFirst.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload).toHaveLength(0);
  });
});
