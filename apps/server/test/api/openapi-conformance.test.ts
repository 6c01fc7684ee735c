import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPassword } from '../../src/services/passwords/create-password.js';
import { SEED_ACTOR } from '../../src/services/seed/seed-actor.js';
import { buildMember, buildTeam, signedInAs, buildAlert } from '../helpers/factories.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

/*
 * The OpenAPI document against what the routes really answer. For every operation it lists,
 * requests are built from the operation's own schemas (path parameters, query, JSON body), valid
 * and not, sent by an anonymous caller, a member and an admin; every answer must be a status the
 * document lists for the operation, with its content type and a body its schema accepts, or no
 * body at all when the document gives none (204, 302, 304).
 */

/** Requests per operation and caller; CONFORMANCE_RUNS=200 for a longer hunt. */
const RUNS = Number(process.env.CONFORMANCE_RUNS ?? 8);

type Caller = 'anonymous' | 'member' | 'admin';
const CALLERS: readonly Caller[] = ['anonymous', 'member', 'admin'];
type Schema = OpenAPIV3.SchemaObject;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Operation {
  method: Method;
  /** As the document writes it: /api/users/{id}. */
  path: string;
  spec: OpenAPIV3.OperationObject;
}

async function fetchDocument(ctx: TestContext): Promise<OpenAPIV3.Document> {
  const response = await clientAs(ctx, 'anonymous').get('/api/docs/json');
  expect(response.statusCode).toBe(200);
  const document = response.json() as OpenAPIV3.Document;
  // Schemas are inlined: a reference would need resolving below.
  expect(JSON.stringify(document)).not.toContain('"$ref"');
  return document;
}

function operationsOf(document: OpenAPIV3.Document): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'delete', 'patch'] as const)
      .filter((method) => item?.[method])
      .map((method) => ({
        method: method.toUpperCase() as Method,
        path,
        spec: item![method]!,
      })),
  );
}

/**
 * The routes the server has, from Fastify's own listing (printRoutes), as "METHOD /path/{param}".
 * HEAD is Fastify's automatic twin of each GET.
 */
function registeredRoutes(ctx: TestContext): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of ctx.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

/** Swagger UI's own pages and files: they serve the document, they are not in it. */
const HIDDEN_ROUTE = /^GET \/api\/docs(\/|$)/;

// ---------------------------------------------------------------------------------------------
// JSON schema (the subset the document uses) -> fast-check arbitraries

/** Values no schema of this API accepts at a given place, mixed in at every level. */
const wildValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    -1,
    0,
    1.5,
    '',
    ' ',
    'x'.repeat(300),
    '<b>',
    '0123456789abcdef0123456',
  ),
  fc.string({ maxLength: 20 }),
  fc.jsonValue({ maxDepth: 2 }),
);

function patternArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  for (const flags of ['u', '']) {
    try {
      const arbitrary = fc.stringMatching(new RegExp(pattern, flags));
      // A pattern fast-check cannot generate from fails at the first sample, not here.
      fc.sample(arbitrary, 1);
      return arbitrary;
    } catch {
      // Try without the unicode flag, then give up on the pattern.
    }
  }
  return undefined;
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  const fromPattern = schema.pattern ? patternArbitrary(schema.pattern) : undefined;
  if (fromPattern) return fromPattern;
  const minLength = schema.minLength ?? 0;
  return fc.string({
    minLength,
    maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 24, 24)),
  });
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1000, -1_000_000);
  const max = Math.min(schema.maximum ?? 1000, 1_000_000);
  return schema.type === 'integer'
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
    : fc.double({ min, max: Math.max(min, max), noNaN: true });
}

/** Mostly what the schema describes, sometimes anything: each level may be the wrong one. */
function arbitraryFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 12, arbitrary: validArbitrary(schema, depth) },
    { weight: 1, arbitrary: wildValue },
  );
}

function validArbitrary(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const nullable = (arbitrary: fc.Arbitrary<unknown>) =>
    schema.nullable ? fc.option(arbitrary, { nil: null }) : arbitrary;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    return nullable(
      fc.oneof(...alternatives.map((option) => validArbitrary(option as Schema, depth))),
    );
  }
  switch (schema.type) {
    case 'string':
      return nullable(stringArbitrary(schema));
    case 'integer':
    case 'number':
      return nullable(numberArbitrary(schema));
    case 'boolean':
      return nullable(fc.boolean());
    case 'array': {
      const items = (schema as OpenAPIV3.ArraySchemaObject).items as Schema;
      const minLength = schema.minItems ?? 0;
      return nullable(
        fc.array(depth > 3 ? validArbitrary(items, depth + 1) : arbitraryFor(items, depth + 1), {
          minLength,
          maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
        }),
      );
    }
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          arbitraryFor(property as Schema, depth + 1),
        ]),
      );
      const known = fc.record(properties, { requiredKeys: schema.required ?? [] });
      // Now and then a field the schema does not name.
      const withStranger = fc
        .tuple(known, fc.constantFrom('role', 'admin', 'id', 'unknown'), wildValue)
        .map(([value, name, extra]) => ({ ...value, [name]: extra }));
      return nullable(
        fc.oneof({ weight: 8, arbitrary: known }, { weight: 1, arbitrary: withStranger }),
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

interface Fixture {
  cookies: Record<Caller, string | undefined>;
  /** Ids of rows that exist: members, a team, an alert, a vault entry. */
  ids: string[];
}

interface GeneratedRequest {
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

const asQueryValue = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

function requestArbitrary(operation: Operation, fixture: Fixture): fc.Arbitrary<GeneratedRequest> {
  const parameters = (operation.spec.parameters ?? []) as OpenAPIV3.ParameterObject[];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');

  const path = fc.record(
    Object.fromEntries(
      pathParameters.map((parameter) => [
        parameter.name,
        fc.oneof(
          fc.constantFrom(...fixture.ids),
          arbitraryFor(parameter.schema as Schema).map(asQueryValue),
        ),
      ]),
    ),
  );
  const query = fc.record(
    Object.fromEntries(
      queryParameters.map((parameter) => [
        parameter.name,
        arbitraryFor(parameter.schema as Schema).map(asQueryValue),
      ]),
    ),
    { requiredKeys: queryParameters.filter((parameter) => parameter.required).map((p) => p.name) },
  );
  // A parameter the operation does not declare, now and then.
  const stranger = fc.oneof(
    { weight: 5, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('unknown', 'debug', '_'), fc.string()) },
  );
  const jsonSchema = (operation.spec.requestBody as OpenAPIV3.RequestBodyObject | undefined)
    ?.content['application/json']?.schema as Schema | undefined;
  const body = jsonSchema
    ? fc.option(arbitraryFor(jsonSchema), { freq: 8, nil: undefined })
    : fc.constant(undefined);

  return fc
    .record({ path, query, stranger, body })
    .map(({ path, query, stranger, body }): GeneratedRequest => {
      const pathname = operation.path.replace(/\{(\w+)\}/g, (_all, name: string) =>
        encodeURIComponent(String(path[name])),
      );
      const search = new URLSearchParams(query as Record<string, string>);
      if (stranger) search.append(...stranger);
      const queryString = search.toString();
      return {
        url: queryString ? `${pathname}?${queryString}` : pathname,
        ...(body === undefined
          ? { headers: {} }
          : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
      };
    });
}

// ---------------------------------------------------------------------------------------------
// Answers

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const validators = new WeakMap<object, ValidateFunction>();
const validatorFor = (schema: object) => {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
};

/** The answer is one the document gives for the operation: status, content type and body. */
function expectDocumented(
  operation: Operation,
  caller: Caller,
  request: GeneratedRequest,
  response: LightMyRequestResponse,
): void {
  const what = `${operation.method} ${request.url} as ${caller} (body ${request.payload ?? 'none'}) answered ${response.statusCode} ${response.body.slice(0, 300)}`;
  const documented = operation.spec.responses[String(response.statusCode)] as
    OpenAPIV3.ResponseObject | undefined;
  expect(documented, `undocumented status: ${what}`).toBeDefined();
  if (!documented!.content) {
    expect(response.body, `a body where the document gives none: ${what}`).toBe('');
    return;
  }
  const mediaType = String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  expect(Object.keys(documented!.content), `undocumented content type: ${what}`).toContain(
    mediaType,
  );
  if (mediaType !== 'application/json') return;
  const schema = documented!.content[mediaType]!.schema;
  const validate = validatorFor(schema as object);
  const valid = validate(response.json());
  expect(valid, `body against the document: ${ajv.errorsText(validate.errors)}: ${what}`).toBe(
    true,
  );
}

async function buildFixture(ctx: TestContext): Promise<Fixture> {
  const member = await signedInAs(ctx.db, ctx.config, 'user');
  const admin = await signedInAs(ctx.db, ctx.config, 'admin');
  const other = await buildMember(ctx.db);
  const team = await buildTeam(ctx.db, {
    roles: [{ role: 'Players', members: [member.member, other] }],
  });
  const alert = await buildAlert(ctx.db);
  const entry = await createPassword({
    db: ctx.db,
    vault: ctx.vault,
    actor: SEED_ACTOR,
    fields: {
      network: 'Riot Games',
      account: 'shared',
      password: 'secret',
      accessRules: [{ teamId: team.id, roles: ['Players'] }],
    },
  });
  return {
    cookies: { anonymous: undefined, member: member.cookie, admin: admin.cookie },
    ids: [member.member.id, admin.member.id, other.id, team.id, alert.id, entry._id],
  };
}

async function send(
  ctx: TestContext,
  operation: Operation,
  request: GeneratedRequest,
  cookie?: string,
) {
  return clientAs(ctx, cookie ? { cookie } : 'anonymous').inject({
    method: operation.method,
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined && { payload: request.payload }),
  });
}

// ---------------------------------------------------------------------------------------------

const SIGN_IN_PROVIDERS = {
  DISCORD_CLIENT_ID: 'discord-client',
  DISCORD_CLIENT_SECRET: 'discord-secret',
  TWITCH_CLIENT_ID: 'twitch-client',
  TWITCH_CLIENT_SECRET: 'twitch-secret',
  TWITTER_CLIENT_ID: 'twitter-client',
  TWITTER_CLIENT_SECRET: 'twitter-secret',
};

describe.each([
  { mode: 'local mode', env: {}, fuzzed: () => true },
  // Discord mode adds sign-in and account-linking redirects (the providers are never reached:
  // no generated state is ever valid); the rest of the API is the same as in local mode.
  {
    mode: 'Discord mode',
    env: SIGN_IN_PROVIDERS,
    fuzzed: (path: string) => path.startsWith('/auth/'),
  },
])('the OpenAPI document, $mode', ({ env, fuzzed }) => {
  let ctx: TestContext;
  let operations: Operation[];
  beforeAll(async () => {
    ctx = await createTestContext({
      WRITE_RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    });
    operations = operationsOf(await fetchDocument(ctx));
  });
  afterAll(() => ctx.close());

  it('lists every route the server has', () => {
    const documented = operations.map((operation) => `${operation.method} ${operation.path}`);
    const registered = registeredRoutes(ctx).filter((route) => !HIDDEN_ROUTE.test(route));
    expect(registered.length).toBeGreaterThan(10);
    expect(documented.sort()).toEqual(registered.sort());
  });

  it.each(CALLERS)(
    'every operation answers %s as the document says',
    async (caller) => {
      // Every operation is tried; the failures are listed together, each with its smallest case.
      const failures: string[] = [];
      for (const operation of operations.filter((candidate) => fuzzed(candidate.path))) {
        // Fresh rows and sessions per operation: a delete or a logout does not starve the next.
        const fixture = await buildFixture(ctx);
        const cookie = fixture.cookies[caller];
        try {
          await fc.assert(
            fc.asyncProperty(requestArbitrary(operation, fixture), async (request) => {
              expectDocumented(
                operation,
                caller,
                request,
                await send(ctx, operation, request, cookie),
              );
            }),
            { numRuns: RUNS },
          );
          if (operation.method !== 'GET') {
            // A body over the 1 MiB limit, which generated bodies never reach.
            const oversized = {
              url: operation.path.replace(/\{\w+\}/g, fixture.ids[0]!),
              headers: { 'content-type': 'application/json' },
              payload: JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }),
            };
            expectDocumented(
              operation,
              caller,
              oversized,
              await send(ctx, operation, oversized, cookie),
            );
          }
        } catch (error) {
          const cause = (error as Error).cause ?? error;
          failures.push(
            String((cause as Error).message ?? cause)
              .split('\n')[0]!
              .slice(0, 500),
          );
        }
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );

  it('refuses a query parameter an operation does not declare, naming it', async () => {
    const { cookies, ids } = await buildFixture(ctx);
    // The OAuth callbacks take what the provider appends (routes/auth/discord.ts). A refused
    // body would be reported first: Fastify validates the body before the query.
    const strict = operations.filter(
      (operation) => !operation.path.endsWith('/callback') && !operation.spec.requestBody,
    );
    expect(strict.length).toBeGreaterThan(10);
    for (const operation of strict) {
      // A picture's file name is the one parameter that is not an id.
      const path = operation.path.replace('{file}', '3031.png').replace(/\{\w+\}/g, ids[0]!);
      const response = await send(
        ctx,
        operation,
        { url: `${path}?utm_source=mail`, headers: {} },
        cookies.admin,
      );
      const what = `${operation.method} ${operation.path}`;
      expect(response.statusCode, what).toBe(400);
      expect(response.json().error.code, what).toBe('validation_failed');
      expect(response.json().error.issues, what).toEqual([
        expect.objectContaining({
          path: 'querystring',
          message: expect.stringContaining('utm_source'),
        }),
      ]);
    }
  });
});

describe('the OpenAPI document, rate limits', () => {
  let ctx: TestContext;
  let operations: Operation[];
  beforeAll(async () => {
    ctx = await createTestContext({
      WRITE_RATE_LIMIT_PER_MINUTE: '1',
      AUTH_RATE_LIMIT_PER_MINUTE: '1',
    });
    operations = operationsOf(await fetchDocument(ctx));
  });
  afterAll(() => ctx.close());

  it('documents the 429 of every write and sign-in call', async () => {
    const counted = operations.filter(
      (operation) =>
        operation.method !== 'GET' ||
        (operation.path.startsWith('/auth/') && operation.path !== '/auth/methods'),
    );
    expect(counted.length).toBeGreaterThan(10);
    const fixture = await buildFixture(ctx);
    const call = async (operation: Operation) => {
      const request = { url: operation.path.replace(/\{\w+\}/g, fixture.ids[0]!), headers: {} };
      const response = await send(ctx, operation, request, fixture.cookies.admin);
      expectDocumented(operation, 'admin', request, response);
      return response;
    };
    // The first round spends the one request a minute allows; the second is refused throughout.
    for (const operation of counted) await call(operation);
    for (const operation of counted) {
      const response = await call(operation);
      expect(response.statusCode, `${operation.method} ${operation.path}`).toBe(429);
      expect(response.headers['retry-after']).toBeDefined();
    }
  });
});
