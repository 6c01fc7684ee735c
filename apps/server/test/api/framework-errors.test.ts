import { connect, type AddressInfo } from 'node:net';
import { errorBodySchema, type ErrorCode } from '@guildhall/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, securityHeadersOf, type TestContext } from '../helpers/test-app.js';

/** Put in every request below: an answer that contains it echoes what the client sent. */
const MARKER = 'echo-probe';
const SCRIPT = '<script>alert(1)</script>';

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

interface Case {
  kind: string;
  status: number;
  code: ErrorCode;
  request: InjectOptions;
}

/** The answers Fastify or Node give on their own, before or outside any route handler. */
const INJECTED: Case[] = [
  {
    kind: 'a path parameter longer than the router accepts (414)',
    status: 414,
    code: 'uri_too_long',
    request: { method: 'GET', url: `/api/users/${'x'.repeat(101)}${MARKER}` },
  },
  {
    kind: 'a path with a truncated UTF-8 sequence',
    status: 400,
    code: 'bad_request',
    request: { method: 'GET', url: `/api/users/${MARKER}%E0%A4` },
  },
  {
    kind: 'a path with a percent sign not followed by hex digits',
    status: 400,
    code: 'bad_request',
    request: { method: 'GET', url: `/api/${MARKER}%zz` },
  },
  {
    kind: 'a path ending in a lone percent sign',
    status: 400,
    code: 'bad_request',
    request: { method: 'POST', url: `/auth/${MARKER}%` },
  },
  {
    kind: 'an unknown API route',
    status: 404,
    code: 'not_found',
    request: { method: 'GET', url: `/api/${MARKER}/${encodeURIComponent(SCRIPT)}` },
  },
  {
    kind: 'an unknown /auth route, written with percent-encoding',
    status: 404,
    code: 'not_found',
    request: { method: 'POST', url: `/%61uth/${MARKER}` },
  },
  {
    kind: 'a host name the server does not answer to (421)',
    status: 421,
    code: 'host_not_allowed',
    request: { method: 'GET', url: '/api/organization', headers: { host: `${MARKER}.example` } },
  },
  {
    kind: 'a method no route answers',
    status: 404,
    code: 'not_found',
    request: { method: 'PATCH', url: `/api/organization?${MARKER}=1` },
  },
  {
    kind: 'a body of a content type no parser takes (415)',
    status: 415,
    code: 'unsupported_media_type',
    request: {
      method: 'POST',
      url: '/auth/local',
      headers: { 'content-type': `text/${MARKER}` },
      payload: MARKER,
    },
  },
  {
    kind: 'a malformed content type',
    status: 415,
    code: 'unsupported_media_type',
    request: {
      method: 'POST',
      url: '/auth/local',
      headers: { 'content-type': `${MARKER}/json;;;` },
      payload: '{}',
    },
  },
  {
    kind: 'a body over the limit (413)',
    status: 413,
    code: 'payload_too_large',
    request: {
      method: 'POST',
      url: '/auth/local',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pseudo: MARKER, padding: 'x'.repeat(1024 * 1024) }),
    },
  },
  {
    kind: 'a body the JSON parser refuses',
    status: 400,
    code: 'bad_request',
    request: {
      method: 'POST',
      url: '/auth/local',
      headers: { 'content-type': 'application/json' },
      payload: `{"pseudo": "${MARKER}",`,
    },
  },
  {
    kind: 'a body shorter than its Content-Length',
    status: 400,
    code: 'bad_request',
    request: {
      method: 'POST',
      url: '/auth/local',
      headers: { 'content-type': 'application/json', 'content-length': '100' },
      payload: `{"pseudo":"${MARKER}"}`,
    },
  },
];

function expectProductError(answer: Answer, status: number, code: ErrorCode): void {
  expect(answer.status).toBe(status);
  expect(String(answer.headers['content-type'])).toMatch(/^application\/json; charset=utf-8$/);
  const body = errorBodySchema.strict().parse(JSON.parse(answer.body));
  expect(body.error.code).toBe(code);
  expect(Object.keys(body.error)).not.toContain('statusCode');
  expect(answer.body).not.toContain(MARKER);
  expect(answer.body).not.toContain('<');
  expect(answer.body).not.toMatch(/FST_|at .*\.js/);
}

/** One request written as is on a TCP connection; the whole answer once the server closes it. */
function rawRequest(port: number, text: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, unknown> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

describe.each([
  { scheme: 'plain HTTP', publicUrl: 'http://localhost:5000' },
  { scheme: 'HTTPS', publicUrl: 'https://guildhall.example.org' },
])('the framework’s own answers, behind $scheme', ({ publicUrl }) => {
  let ctx: TestContext;
  let port: number;
  /** The security headers of an ordinary answer, that every other answer must carry too. */
  let expectedHeaders: Record<string, unknown>;

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: publicUrl });
    const ordinary = await ctx.app.inject({ method: 'GET', url: '/api/organization' });
    expect(ordinary.statusCode).toBe(200);
    expectedHeaders = securityHeadersOf(ordinary.headers);
    expect(expectedHeaders).toMatchObject({
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it.each(INJECTED)(
    'answers $kind in the product’s JSON error shape, with the security headers',
    async ({ request, status, code }) => {
      const response = await ctx.app.inject(request);
      const answer = {
        status: response.statusCode,
        headers: response.headers,
        body: response.body,
      };
      expectProductError(answer, status, code);
      expect(securityHeadersOf(response.headers)).toEqual(expectedHeaders);
    },
  );

  it('answers a too long path the same way on a real connection', async () => {
    const answer = await rawRequest(
      port,
      `GET /api/users/${'x'.repeat(101)}${MARKER} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expectProductError(answer, 414, 'uri_too_long');
    expect(securityHeadersOf(answer.headers)).toEqual(expectedHeaders);
  });

  it.each([
    {
      kind: 'a malformed request line',
      text: `GET /${MARKER} NOT-HTTP\r\n\r\n`,
      status: 400,
      code: 'bad_request' as const,
    },
    {
      kind: 'a header line without a colon',
      text: `GET / HTTP/1.1\r\nHost: localhost\r\n${MARKER}\r\n\r\n`,
      status: 400,
      code: 'bad_request' as const,
    },
    {
      kind: 'a header with a forbidden character',
      text: `GET / HTTP/1.1\r\nHost: localhost\r\nX-${MARKER}: a\u0001b\r\n\r\n`,
      status: 400,
      code: 'bad_request' as const,
    },
    {
      kind: 'an HTTP/1.1 request without Host',
      text: `GET /api/${MARKER} HTTP/1.1\r\nConnection: close\r\n\r\n`,
      status: 400,
      code: 'bad_request' as const,
    },
    {
      kind: 'headers larger than Node accepts (431)',
      text: `GET / HTTP/1.1\r\nHost: localhost\r\nCookie: ${MARKER}=${'x'.repeat(20_000)}\r\n\r\n`,
      status: 431,
      code: 'headers_too_large' as const,
    },
  ])(
    'answers $kind on a raw connection as JSON with the security headers, and closes it',
    async ({ text, status, code }) => {
      const answer = await rawRequest(port, text);
      expectProductError(answer, status, code);
      expect(answer.headers['connection']).toBe('close');
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      expect(securityHeadersOf(answer.headers)).toEqual(expectedHeaders);
    },
  );
});
