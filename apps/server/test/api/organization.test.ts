import { LOGO_MAX_BYTES, type Organization, type Role } from '@guildhall/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationLogo } from '../../src/db/schema.js';
import { buildAdmin, buildMember } from '../helpers/factories.js';
import { clientAs, createTestContext, type Client, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let admin: Client;
let anonymous: Client;
const clients = {} as Record<Exclude<Role, 'admin'>, Client>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = clientAs(ctx, await buildAdmin(ctx.db));
  anonymous = clientAs(ctx, 'anonymous');
  for (const role of ['user', 'guest', 'invited'] as const) {
    clients[role] = clientAs(ctx, await buildMember(ctx.db, { role }));
  }
});
afterAll(() => ctx.close());

const issuePaths = (body: { error: { issues?: { path: string }[] } }) =>
  (body.error.issues ?? []).map((issue) => issue.path);

const readOrganization = async () => {
  const response = await anonymous.get('/api/organization');
  expect(response.statusCode).toBe(200);
  return response.json<Organization>();
};

const brandForm = (overrides: object = {}) => ({
  name: 'Les Chevaliers',
  email: 'contact@chevaliers.example',
  primary_color: '#aa3311',
  secondary_color: '#102030',
  background_color: '#fafafa',
  website: 'https://chevaliers.example',
  twitch: 'https://twitch.tv/chevaliers',
  twitter: 'https://x.com/chevaliers',
  instagram: 'http://instagram.com/chevaliers',
  facebook: 'https://facebook.com/chevaliers',
  time_zone: 'America/Montreal',
  ...overrides,
});

// ---------------------------------------------------------------------------------------------
// Multipart bodies, written by hand as a browser would send them.

const BOUNDARY = 'guildhall-test-boundary';

interface Part {
  field?: string;
  filename?: string;
  contentType?: string;
  bytes: Buffer | string;
}

const multipart = (parts: Part[]): Buffer =>
  Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field ?? 'logo'}"` +
          (part.filename === undefined ? '' : `; filename="${part.filename}"`) +
          `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(part.bytes),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);

const uploadParts = (parts: Part[], client = admin) =>
  client.post('/api/organization/upload-logo', multipart(parts), {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });

const upload = (
  bytes: Buffer | string,
  filename = 'logo.png',
  contentType = 'image/png',
  client = admin,
) => uploadParts([{ field: 'logo', filename, contentType, bytes }], client);

const getLogo = (headers: Record<string, string> = {}) =>
  anonymous.get('/api/organization/logo', { headers });

/** What a client can observe of the stored logo: the URL in the organisation, and its bytes. */
const logoState = async () => {
  const { logo } = await readOrganization();
  const response = await getLogo();
  return {
    logo,
    status: response.statusCode,
    bytes: response.statusCode === 200 ? response.rawPayload.toString('base64') : null,
  };
};

// ---------------------------------------------------------------------------------------------
// Image fixtures, made with sharp so that no binary is committed.

const solid = (width: number, height: number, color = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background: color } });

/** Random pixels: compress badly, so the file has some size and truncation hits the pixels. */
const noise = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => (Math.random() * 256) | 0)), {
    raw: { width, height, channels: 3 },
  });

const png = (width = 64, height = 64, color?: string) =>
  solid(width, height, color).png().toBuffer();
const jpg = (width = 64, height = 64, color?: string) =>
  solid(width, height, color).jpeg().toBuffer();

const jpgWithGps = () =>
  solid(80, 60, '#228844')
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Locator 3000', Copyright: 'Secret Base' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    })
    .toBuffer();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

/**
 * A valid PNG of exactly `size` bytes: random pixels, then an ancillary text chunk before IEND
 * that fills the file up to the size wanted.
 */
const pngOfSize = async (size: number) => {
  const image = await noise(600, 600).png({ compressionLevel: 0 }).toBuffer();
  const iend = image.length - 12;
  const padding = size - image.length - 12;
  if (padding < 0) throw new Error(`the base image already has ${image.length} bytes`);
  const type = Buffer.from('tEXt');
  const data = Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(padding - 8, 'a')]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  const result = Buffer.concat([
    image.subarray(0, iend),
    length,
    type,
    data,
    crc,
    image.subarray(iend),
  ]);
  expect(result).toHaveLength(size);
  return result;
};

const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode).toBe(status);
  expect(response.json().error.code).toBe(code);
  expect(response.json().error.message).toEqual(expect.any(String));
};

// ---------------------------------------------------------------------------------------------

describe('PUT /api/organization', () => {
  it('saves every field as an admin and answers the stored organisation', async () => {
    const form = brandForm();
    const response = await admin.put('/api/organization', form);
    expect(response.statusCode).toBe(200);
    const { logo, ...fields } = response.json<Organization>();
    expect(fields).toEqual(form);
    expect(logo).toBeNull();
    expect(await readOrganization()).toEqual(response.json());
  });

  it('shows the saved organisation to anonymous callers', async () => {
    await admin.put(
      '/api/organization',
      brandForm({ name: 'Public Name', website: 'https://public.example' }),
    );
    const response = await anonymous.get('/api/organization');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Public Name',
      website: 'https://public.example',
    });
  });

  it('keeps its time zone when a form leaves it out, and refuses an unknown one', async () => {
    await admin.put('/api/organization', brandForm({ time_zone: 'Europe/Brussels' }));
    const withoutZone: Partial<ReturnType<typeof brandForm>> = brandForm();
    delete withoutZone.time_zone;
    expect((await admin.put('/api/organization', withoutZone)).json().time_zone).toBe(
      'Europe/Brussels',
    );
    const refused = await admin.put('/api/organization', brandForm({ time_zone: '+01:00' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues[0].path).toBe('body.time_zone');
    expect((await readOrganization()).time_zone).toBe('Europe/Brussels');
  });

  it('accepts colours in capitals', async () => {
    const response = await admin.put('/api/organization', brandForm({ primary_color: '#ABCDEF' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().primary_color.toLowerCase()).toBe('#abcdef');
    expect((await readOrganization()).primary_color.toLowerCase()).toBe('#abcdef');
  });

  it('stores empty or left-out links as empty', async () => {
    await admin.put('/api/organization', brandForm());
    const response = await admin.put('/api/organization', {
      name: 'Minimal',
      email: 'min@example.com',
      primary_color: '#000000',
      secondary_color: '#111111',
      background_color: '#ffffff',
      website: '',
      twitch: '',
    });
    expect(response.statusCode).toBe(200);
    expect(await readOrganization()).toMatchObject({
      name: 'Minimal',
      website: '',
      twitch: '',
      twitter: '',
      instagram: '',
      facebook: '',
    });
  });

  it.each([
    ['a colour name', { primary_color: 'red' }, 'body.primary_color'],
    ['a short colour', { primary_color: '#fff' }, 'body.primary_color'],
    ['a colour without #', { secondary_color: '112233' }, 'body.secondary_color'],
    ['a colour that is not hexadecimal', { secondary_color: '#12345g' }, 'body.secondary_color'],
    ['a colour too long', { background_color: '#1234567' }, 'body.background_color'],
    [
      'a CSS expression as colour',
      { background_color: 'url(javascript:x)' },
      'body.background_color',
    ],
    ['no primary colour', { primary_color: undefined }, 'body.primary_color'],
    ['no secondary colour', { secondary_color: undefined }, 'body.secondary_color'],
    ['no background colour', { background_color: undefined }, 'body.background_color'],
    ['no name', { name: undefined }, 'body.name'],
    ['a blank name', { name: '   ' }, 'body.name'],
    ['no email', { email: undefined }, 'body.email'],
    ['an email that is not one', { email: 'not-an-email' }, 'body.email'],
    ['a javascript: website', { website: 'javascript:alert(1)' }, 'body.website'],
    ['a JAVASCRIPT: website', { website: 'JAVASCRIPT:alert(1)' }, 'body.website'],
    ['an ftp twitch link', { twitch: 'ftp://x' }, 'body.twitch'],
    [
      'a data: twitter link',
      { twitter: 'data:text/html,<script>alert(1)</script>' },
      'body.twitter',
    ],
    ['a link without a host', { instagram: 'https://' }, 'body.instagram'],
    ['a link without a scheme', { facebook: 'facebook.com/x' }, 'body.facebook'],
    ['a protocol-relative link', { facebook: '//evil.example' }, 'body.facebook'],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_case, change, path) => {
    await admin.put('/api/organization', brandForm());
    const before = await readOrganization();
    const response = await admin.put(
      '/api/organization',
      brandForm({ name: 'Should not be saved', ...change }),
    );
    expectError(response, 400, 'validation_failed');
    expect(issuePaths(response.json())).toContain(path);
    expect(await readOrganization()).toEqual(before);
  });

  it('names every refused field at once', async () => {
    const response = await admin.put(
      '/api/organization',
      brandForm({ primary_color: 'blue', website: 'javascript:alert(1)', email: '' }),
    );
    expect(response.statusCode).toBe(400);
    expect(issuePaths(response.json())).toEqual(
      expect.arrayContaining(['body.primary_color', 'body.website', 'body.email']),
    );
  });

  it('gives each refused field a code and the values a client translates', async () => {
    const response = await admin.put(
      '/api/organization',
      brandForm({ name: 'x'.repeat(81), primary_color: 'blue', website: 'ftp://example.com' }),
    );
    expectError(response, 400, 'validation_failed');
    const byPath = Object.fromEntries(
      response
        .json<{ error: { issues: { path: string }[] } }>()
        .error.issues.map(({ path, ...issue }) => [path, issue]),
    );
    expect(byPath['body.name']).toEqual({
      message: expect.any(String),
      code: 'too_big',
      params: expect.objectContaining({ maximum: 80, origin: 'string' }),
    });
    expect(byPath['body.primary_color']).toEqual({
      message: expect.any(String),
      code: 'invalid_format',
      params: expect.objectContaining({ format: 'regex' }),
    });
    expect(byPath['body.website']).toMatchObject({ code: 'custom' });
  });

  it.each(['user', 'guest', 'invited'] as const)(
    'answers 403 to a %s and changes nothing',
    async (role) => {
      await admin.put('/api/organization', brandForm());
      const before = await readOrganization();
      const response = await clients[role].put(
        '/api/organization',
        brandForm({ name: 'Hijacked' }),
      );
      expectError(response, 403, 'forbidden');
      expect(await readOrganization()).toEqual(before);
    },
  );

  it('answers 401 to an anonymous caller and changes nothing', async () => {
    const before = await readOrganization();
    const response = await anonymous.put('/api/organization', brandForm({ name: 'Hijacked' }));
    expectError(response, 401, 'unauthenticated');
    expect(await readOrganization()).toEqual(before);
  });
});

describe('the logo', () => {
  // These run before any logo is stored: the file's database starts without one.
  describe('before any upload', () => {
    it('GET /api/organization/logo answers 404 and the organisation has no logo', async () => {
      expect((await readOrganization()).logo).toBeNull();
      const response = await getLogo();
      expectError(response, 404, 'not_found');
    });

    it('a refused upload leaves the organisation without a logo', async () => {
      const response = await upload(
        '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        'x.svg',
        'image/svg+xml',
      );
      expect(response.statusCode).toBe(415);
      expect((await readOrganization()).logo).toBeNull();
      expect((await getLogo()).statusCode).toBe(404);
      expect(await ctx.db.select().from(organizationLogo)).toHaveLength(0);
    });
  });

  describe('a valid upload', () => {
    it('stores a PNG and answers the organisation with a versioned logo URL', async () => {
      const response = await upload(await png(64, 64, '#ff0000'));
      expect(response.statusCode).toBe(200);
      const organization = response.json<Organization>();
      expect(organization.logo).toMatch(/^\/api\/organization\/logo\?v=[^&\s]+$/);
      expect((await readOrganization()).logo).toBe(organization.logo);

      // The URL the organisation gives is the one that serves the image.
      const served = await anonymous.get(organization.logo!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers.etag).toEqual(expect.any(String));
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'png', width: 64, height: 64 });
    });

    it('answers 304 to If-None-Match with the current ETag', async () => {
      await upload(await png(32, 32, '#00ff00'));
      const first = await getLogo();
      const etag = first.headers.etag as string;
      const again = await getLogo({ 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      const stale = await getLogo({ 'if-none-match': '"something-else"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.headers.etag).toBe(etag);
    });

    it('bounds the dimensions to 512, keeping the proportions', async () => {
      const response = await upload(await png(1200, 600));
      expect(response.statusCode).toBe(200);
      const metadata = await sharp((await getLogo()).rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'png', width: 512, height: 256 });

      await upload(await png(300, 900));
      const tall = await sharp((await getLogo()).rawPayload).metadata();
      expect([tall.width, tall.height]).toEqual([171, 512]);
    });

    it('does not enlarge a small image', async () => {
      await upload(await png(40, 20));
      const metadata = await sharp((await getLogo()).rawPayload).metadata();
      expect([metadata.width, metadata.height]).toEqual([40, 20]);
    });

    it('stores a JPG and serves it as image/jpeg', async () => {
      const response = await upload(await jpg(100, 50), 'photo.jpg', 'image/jpeg');
      expect(response.statusCode).toBe(200);
      const served = await getLogo();
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'jpeg',
        width: 100,
        height: 50,
      });
    });

    it('recognises the type by the bytes, not the name or the declared type', async () => {
      const response = await upload(await jpg(30, 30), 'logo.png', 'image/png');
      expect(response.statusCode).toBe(200);
      expect((await getLogo()).headers['content-type']).toBe('image/jpeg');

      await upload(await png(30, 30), 'logo.jpg', 'application/octet-stream');
      expect((await getLogo()).headers['content-type']).toBe('image/png');
    });

    it('removes EXIF metadata, GPS location included', async () => {
      const original = await jpgWithGps();
      // The fixture really carries the location.
      const before = await sharp(original).metadata();
      expect(before.exif).toBeDefined();
      expect(before.exif!.includes(Buffer.from('Locator 3000'))).toBe(true);
      // The GPSInfo tag (0x8825), in either byte order.
      const gpsTag = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])];
      expect(gpsTag.some((tag) => before.exif!.includes(tag))).toBe(true);

      const response = await upload(original, 'holiday.jpg', 'image/jpeg');
      expect(response.statusCode).toBe(200);
      const stored = (await getLogo()).rawPayload;
      const after = await sharp(stored).metadata();
      expect(after.format).toBe('jpeg');
      expect(after.exif).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(stored.includes(Buffer.from('Locator 3000'))).toBe(false);
      expect(stored.includes(Buffer.from('Secret Base'))).toBe(false);
      expect(stored.includes(Buffer.from('Exif\0\0'))).toBe(false);
    });

    it('changes the logo URL and the ETag when the logo changes', async () => {
      const first = (await upload(await png(50, 50, '#123456'))).json<Organization>().logo;
      const firstEtag = (await getLogo()).headers.etag;
      const second = (await upload(await png(50, 50, '#654321'))).json<Organization>().logo;
      const secondEtag = (await getLogo()).headers.etag;
      expect(first).toMatch(/\?v=/);
      expect(second).toMatch(/\?v=/);
      expect(second).not.toBe(first);
      expect(secondEtag).not.toBe(firstEtag);
      expect((await readOrganization()).logo).toBe(second);
      // The old ETag no longer validates the new image.
      expect((await getLogo({ 'if-none-match': firstEtag as string })).statusCode).toBe(200);
    });

    it('re-encodes an image carrying a page after its end, and never serves that page', async () => {
      const polyglot = Buffer.concat([
        await png(12, 12),
        Buffer.from('<html><script>alert(document.cookie)</script></html>'),
      ]);
      const response = await upload(polyglot);
      expect(response.statusCode).toBe(200);
      const served = await getLogo();
      expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
      expect(served.headers['content-type']).toBe('image/png');
    });

    it('accepts a valid image of exactly 2 MB', async () => {
      const response = await upload(await pngOfSize(LOGO_MAX_BYTES));
      expect(response.statusCode).toBe(200);
      const metadata = await sharp((await getLogo()).rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'png', width: 512, height: 512 });
    });
  });

  describe('a refused upload stores nothing', () => {
    let reference: Buffer;
    beforeAll(async () => {
      reference = await png(20, 20, '#abcdef');
    });

    /** Uploads a known logo, runs the refused upload, and checks the logo did not change. */
    const refusedUpload = async (send: () => Promise<LightMyRequestResponse>) => {
      expect((await upload(reference)).statusCode).toBe(200);
      const before = await logoState();
      expect(before.status).toBe(200);
      const response = await send();
      expect(await logoState()).toEqual(before);
      return response;
    };

    it.each([
      [
        'an SVG',
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
        'logo.svg',
        'image/svg+xml',
      ],
      [
        'an SVG named .png',
        '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>',
        'logo.png',
        'image/png',
      ],
      [
        'an HTML page named .png',
        '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
        'x.png',
        'image/png',
      ],
      ['a text file', 'just some text', 'logo.png', 'image/png'],
    ])('refuses %s with 415 unsupported_media_type', async (_case, bytes, filename, type) => {
      const response = await refusedUpload(() => upload(bytes, filename, type));
      expectError(response, 415, 'unsupported_media_type');
    });

    it('refuses a GIF with 415 unsupported_media_type naming the accepted types', async () => {
      const gif = await solid(16, 16).gif().toBuffer();
      expect(gif.subarray(0, 3).toString()).toBe('GIF');
      const response = await refusedUpload(() => upload(gif, 'logo.gif', 'image/gif'));
      expectError(response, 415, 'unsupported_media_type');
      expect(response.json().error.params).toEqual({ accepted_types: ['image/png', 'image/jpeg'] });
    });

    it('refuses a GIF named .png with 415', async () => {
      const gif = await solid(16, 16).gif().toBuffer();
      const response = await refusedUpload(() => upload(gif, 'logo.png', 'image/png'));
      expectError(response, 415, 'unsupported_media_type');
    });

    it('refuses a WebP with 415', async () => {
      const webp = await solid(16, 16).webp().toBuffer();
      const response = await refusedUpload(() => upload(webp, 'logo.png', 'image/png'));
      expectError(response, 415, 'unsupported_media_type');
    });

    it('refuses a truncated PNG with 400 invalid_image', async () => {
      const whole = await noise(200, 200).png().toBuffer();
      const half = whole.subarray(0, Math.floor(whole.length / 2));
      const response = await refusedUpload(() => upload(half));
      expectError(response, 400, 'invalid_image');
      expect(response.json().error.params).toEqual({ image: 'unreadable' });
    });

    it('refuses a truncated JPG with 400 invalid_image', async () => {
      const whole = await noise(200, 200).jpeg().toBuffer();
      const half = whole.subarray(0, Math.floor(whole.length / 2));
      const response = await refusedUpload(() => upload(half, 'x.jpg', 'image/jpeg'));
      expectError(response, 400, 'invalid_image');
    });

    it('refuses a PNG that declares a huge canvas with 400 invalid_image', async () => {
      const small = Buffer.from(await png(8, 8));
      // IHDR: width and height at bytes 16 and 20, its CRC over bytes 12..28 at byte 29.
      small.writeUInt32BE(100_000, 16);
      small.writeUInt32BE(100_000, 20);
      small.writeUInt32BE(crc32(small.subarray(12, 29)), 29);
      const response = await refusedUpload(() => upload(small));
      expectError(response, 400, 'invalid_image');
    });

    it('refuses a PNG larger than 4096 pixels on a side before decoding it', async () => {
      const small = Buffer.from(await png(8, 8));
      small.writeUInt32BE(5000, 16);
      small.writeUInt32BE(5000, 20);
      small.writeUInt32BE(crc32(small.subarray(12, 29)), 29);
      const response = await refusedUpload(() => upload(small));
      expectError(response, 400, 'invalid_image');
      expect(response.json().error.message).toMatch(/4096/);
      expect(response.json().error.params).toEqual({ image: 'too_many_pixels', max_side: 4096 });
    });

    it.each([
      ['without its boundary', 'multipart/form-data'],
      ['cut short', `multipart/form-data; boundary=${BOUNDARY}`],
    ])('refuses a multipart body %s with 400', async (_case, contentType) => {
      const response = await refusedUpload(() =>
        admin.inject({
          method: 'POST',
          url: '/api/organization/upload-logo',
          headers: { 'content-type': contentType },
          payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="logo"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
        }),
      );
      expect(response.statusCode).toBe(400);
    });

    it('refuses an empty file with 400', async () => {
      const response = await refusedUpload(() => upload(Buffer.alloc(0)));
      expectError(response, 400, 'invalid_image');
      expect(response.json().error.params).toEqual({ image: 'empty' });
    });

    it('refuses a body without any part with 400 naming the logo field', async () => {
      const response = await refusedUpload(() => uploadParts([]));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues).toEqual([
        { path: 'body.logo', message: expect.any(String), code: 'required' },
      ]);
    });

    it('refuses an image sent in another field with 400 naming the logo field', async () => {
      const image = await png(10, 10);
      const response = await refusedUpload(() =>
        uploadParts([
          { field: 'image', filename: 'x.png', contentType: 'image/png', bytes: image },
        ]),
      );
      expect(response.statusCode).toBe(400);
      expect(issuePaths(response.json())).toContain('body.logo');
    });

    it('refuses a body that is not multipart', async () => {
      const response = await refusedUpload(() =>
        admin.post('/api/organization/upload-logo', { logo: 'iVBORw0KGgo=' }),
      );
      expectError(response, 415, 'unsupported_media_type');
    });

    it('refuses 2 MB + 1 byte with 413 payload_too_large', async () => {
      const tooBig = await pngOfSize(LOGO_MAX_BYTES + 1);
      const response = await refusedUpload(() => upload(tooBig));
      expectError(response, 413, 'payload_too_large');
      expect(response.json().error.params).toEqual({ max_bytes: LOGO_MAX_BYTES });
    });

    it('refuses a much larger file with 413 payload_too_large', async () => {
      const huge = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
      const response = await refusedUpload(() => upload(huge));
      expectError(response, 413, 'payload_too_large');
    });

    it.each(['user', 'guest', 'invited'] as const)('answers 403 to a %s', async (role) => {
      const image = await png(10, 10, '#000000');
      const response = await refusedUpload(() =>
        upload(image, 'logo.png', 'image/png', clients[role]),
      );
      expectError(response, 403, 'forbidden');
    });

    it('answers 401 to an anonymous caller', async () => {
      const image = await png(10, 10, '#000000');
      const response = await refusedUpload(() => upload(image, 'logo.png', 'image/png', anonymous));
      expectError(response, 401, 'unauthenticated');
    });
  });

  it('serves the logo to anonymous callers', async () => {
    await upload(await png(24, 24));
    const response = await getLogo();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('keeps the logo when the other fields are saved', async () => {
    await upload(await png(24, 24, '#0000ff'));
    const { logo } = await readOrganization();
    const response = await admin.put('/api/organization', brandForm({ name: 'Rebranded' }));
    expect(response.json().logo).toBe(logo);
    expect((await getLogo()).statusCode).toBe(200);
  });
});
