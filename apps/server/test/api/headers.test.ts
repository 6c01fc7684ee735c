import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientAs,
  createTestContext,
  securityHeadersOf,
  type TestContext,
} from '../helpers/test-app.js';

/** A built web app in a temporary folder: index.html and one hashed asset. */
function makeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'guildhall-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(root, 'assets', 'app-abc.js'), 'console.log("guildhall");');
  return root;
}

const securityHeaders = (response: LightMyRequestResponse) => securityHeadersOf(response.headers);

const APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https://cdn.discordapp.com",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

/** Swagger UI's own policy (see openapi.ts), the same on plain HTTP and HTTPS. */
const DOCS_POLICY =
  "default-src 'self'; base-uri 'self'; font-src 'self' https: data:; " +
  "frame-ancestors 'none'; img-src 'self' data: validator.swagger.io; object-src 'none'; " +
  "script-src 'self' ; script-src-attr 'none'; style-src 'self' https: ;";

const COMMON = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const ANSWERS = [
  { kind: 'an API answer', url: '/api/organization', status: 200 },
  { kind: 'an API error', url: '/api/user', status: 401 },
  { kind: 'an unknown API path', url: '/api/nope', status: 404 },
  { kind: 'the web app', url: '/dashboard', status: 200 },
  { kind: 'an asset', url: '/assets/app-abc.js', status: 200 },
  { kind: 'the health check', url: '/healthz', status: 200 },
];

describe.each([
  {
    scheme: 'plain HTTP',
    publicUrl: 'http://localhost:5000',
    app: { ...COMMON, 'content-security-policy': APP_POLICY },
    docs: { ...COMMON, 'content-security-policy': DOCS_POLICY },
  },
  {
    scheme: 'HTTPS',
    publicUrl: 'https://guildhall.example.org',
    app: {
      ...COMMON,
      'content-security-policy': `${APP_POLICY};upgrade-insecure-requests`,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    },
    docs: {
      ...COMMON,
      'content-security-policy': DOCS_POLICY,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    },
  },
])('the security headers behind $scheme', ({ publicUrl, app, docs }) => {
  let ctx: TestContext;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = makeWebRoot();
    ctx = await createTestContext({ PUBLIC_URL: publicUrl }, { webRoot });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each(ANSWERS)('are all on $kind, and only they', async ({ url, status }) => {
    const response = await clientAs(ctx, 'anonymous').get(url);
    expect(response.statusCode).toBe(status);
    expect(securityHeaders(response)).toEqual(app);
  });

  it('are all on the API docs, with Swagger UI’s policy', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(securityHeaders(response)).toEqual(docs);
  });
});
