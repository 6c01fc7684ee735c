import { ALERT_MESSAGE_MAX_LENGTH, type Alert, type Role } from '@guildhall/contract';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import {
  alertDismissals,
  alerts,
  teamRoleMembers,
  teamRoles,
  teams,
  users,
  type UserRow,
} from '../../src/db/schema.js';
import { buildAdmin, buildMember, buildTeam } from '../helpers/factories.js';
import { clientAs, createTestContext, type Client, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let admin: Client;
let anonymous: Client;
const clients = {} as Record<Exclude<Role, 'admin'>, Client>;
beforeAll(async () => {
  // This file sends a few hundred writes within seconds; the write rate limit is not its subject.
  ctx = await createTestContext({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  admin = clientAs(ctx, await buildAdmin(ctx.db));
  anonymous = clientAs(ctx, 'anonymous');
  for (const role of ['user', 'guest', 'invited'] as const) {
    clients[role] = clientAs(ctx, await buildMember(ctx.db, { role }));
  }
});
afterAll(() => ctx.close());

const NON_ADMINS = ['user', 'guest', 'invited'] as const;

const issues = (body: { error: { issues?: { path: string; message: string }[] } }) =>
  body.error.issues ?? [];
const issuePaths = (body: { error: { issues?: { path: string; message: string }[] } }) =>
  issues(body).map((issue) => issue.path);

const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode).toBe(status);
  expect(response.json().error.code).toBe(code);
  expect(response.json().error.message).toEqual(expect.any(String));
};

const alertBody = (overrides: object = {}) => ({
  type: 'infos',
  statut: 'active',
  condition: 'true',
  message: '<p>Bienvenue</p>',
  ...overrides,
});

const createAlert = async (overrides: object = {}): Promise<Alert> => {
  const response = await admin.post('/api/alerts', alertBody(overrides));
  expect(response.statusCode).toBe(201);
  return response.json<Alert>();
};

/** Every alert, as the admin list shows it. */
const allAlerts = async (): Promise<Alert[]> => {
  const response = await admin.get('/api/alerts?all=1');
  expect(response.statusCode).toBe(200);
  return response.json<Alert[]>();
};

/** The ids of the alerts this member is shown. */
const shownTo = async (client: Client): Promise<string[]> => {
  const response = await client.get('/api/alerts');
  expect(response.statusCode).toBe(200);
  return response.json<Alert[]>().map((alert) => alert._id);
};

const storedAlerts = () => ctx.db.select().from(alerts).orderBy(asc(alerts.id));

const UNKNOWN_ID = '0123456789abcdef01234567';

/** What the account form asks for: a profile_complete member. */
const COMPLETE_PROFILE = {
  name: 'Lovelace',
  surname: 'Ada',
  birthday: '1990-12-10',
  email: 'ada@example.org',
};

describe('managing alerts as an admin', () => {
  it('creates an alert (201) and answers it with its id, its Markdown and its rendering', async () => {
    const response = await admin.post(
      '/api/alerts',
      alertBody({
        type: 'warn',
        statut: 'active',
        condition: 'role == "guest"',
        message: 'Bienvenue à **tous**',
      }),
    );
    expect(response.statusCode).toBe(201);
    const alert = response.json<Alert>();
    expect(alert).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      type: 'warn',
      statut: 'active',
      condition: 'role == "guest"',
      message: '<p>Bienvenue à <strong>tous</strong></p>',
      message_markdown: 'Bienvenue à **tous**',
      starts_at: null,
      ends_at: null,
      post_to_discord: false,
    });
    expect(await allAlerts()).toContainEqual(alert);
  });

  it.each(['success', 'warn', 'infos'])('accepts the type %s', async (type) => {
    expect((await createAlert({ type })).type).toBe(type);
  });

  it('edits an alert (200): every field is replaced', async () => {
    const alert = await createAlert();
    const response = await admin.put(`/api/alerts/${alert._id}`, {
      type: 'success',
      statut: 'inactive',
      condition: 'not adhesion',
      message: '<p>Renouvelez votre <strong>adhésion</strong></p>',
      starts_at: '2030-01-01T10:00:00+02:00',
      ends_at: '2030-01-02T08:00:00Z',
    });
    expect(response.statusCode).toBe(200);
    const edited = {
      _id: alert._id,
      type: 'success',
      statut: 'inactive',
      condition: 'not adhesion',
      message: '<p>Renouvelez votre <strong>adhésion</strong></p>',
      // Written in HTML, as before Markdown: it is its own source, and renders as it was.
      message_markdown: '<p>Renouvelez votre <strong>adhésion</strong></p>',
      starts_at: '2030-01-01T08:00:00.000Z',
      ends_at: '2030-01-02T08:00:00.000Z',
      post_to_discord: false,
    };
    expect(response.json()).toEqual(edited);
    expect((await allAlerts()).find((one) => one._id === alert._id)).toEqual(edited);
  });

  it('deletes an alert (204), after which it is gone', async () => {
    const alert = await createAlert();
    const response = await admin.delete(`/api/alerts/${alert._id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await allAlerts()).map((one) => one._id)).not.toContain(alert._id);
    expectError(await admin.delete(`/api/alerts/${alert._id}`), 404, 'alert_not_found');
  });

  it('answers 404 alert_not_found for an unknown id, and stores nothing', async () => {
    const before = await storedAlerts();
    expectError(await admin.put(`/api/alerts/${UNKNOWN_ID}`, alertBody()), 404, 'alert_not_found');
    expectError(await admin.delete(`/api/alerts/${UNKNOWN_ID}`), 404, 'alert_not_found');
    expect(await storedAlerts()).toEqual(before);
  });

  it('refuses a malformed id with 400 naming it', async () => {
    const response = await admin.put(`/api/alerts/${'not-an-id'}`, alertBody());
    expect(response.statusCode).toBe(400);
    expect(issuePaths(response.json())).toContain('params.id');
    const deleted = await admin.delete(`/api/alerts/${'not-an-id'}`);
    expect(deleted.statusCode).toBe(400);
    expect(issuePaths(deleted.json())).toContain('params.id');
  });

  it.each([
    ['no type', { type: undefined }, 'body.type'],
    ['an unknown type', { type: 'danger' }, 'body.type'],
    ['no statut', { statut: undefined }, 'body.statut'],
    ['an unknown statut', { statut: 'enabled' }, 'body.statut'],
    ['no condition', { condition: undefined }, 'body.condition'],
    ['an empty condition', { condition: '' }, 'body.condition'],
    ['a blank condition', { condition: '   ' }, 'body.condition'],
    ['a condition that is not text', { condition: true }, 'body.condition'],
    ['no message', { message: undefined }, 'body.message'],
    ['an empty message', { message: '' }, 'body.message'],
    ['a blank message', { message: '  \n ' }, 'body.message'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_case, change, path) => {
    const existing = await createAlert();
    const before = await storedAlerts();
    const created = await admin.post('/api/alerts', alertBody(change));
    expectError(created, 400, 'validation_failed');
    expect(issuePaths(created.json())).toContain(path);
    const edited = await admin.put(
      `/api/alerts/${existing._id}`,
      alertBody({ message: '<p>changed</p>', ...change }),
    );
    expectError(edited, 400, 'validation_failed');
    expect(issuePaths(edited.json())).toContain(path);
    expect(await storedAlerts()).toEqual(before);
  });

  it('names every missing field at once', async () => {
    const response = await admin.post('/api/alerts', {});
    expect(response.statusCode).toBe(400);
    expect(issuePaths(response.json())).toEqual(
      expect.arrayContaining(['body.type', 'body.statut', 'body.condition', 'body.message']),
    );
  });
});

describe('conditions that are refused', () => {
  const nested = (depth: number) => `${'('.repeat(depth)}true${')'.repeat(depth)}`;

  it.each([
    ['constructor.constructor("return process")()'],
    ['__proto__'],
    ['alert(1)'],
    ['fetch("//x")'],
    ['role =='],
    ['unknown_field == 1'],
    ['10,000 opening parentheses', '('.repeat(10_000)],
    ['9,990 nested parentheses (just under the bound of the body)', nested(9_990)],
    ['30 nested parentheses (short, but too deep)', nested(30)],
    ['30 nested nots', `${'not '.repeat(30)}adhesion`],
    ['a condition of 600 characters', `${'role == "guest" or '.repeat(31)}true`],
    ['this.constructor'],
    ['process.exit(1)'],
    ['require("child_process")'],
    ['pseudo == "a" ; process'],
    ['role == `guest`'],
    ['role = "guest"'],
    ['role == "guest" &&  adhesion'],
    ['"valorant" in games()'],
    ['role == "never closed'],
    ['role < 3'],
    ['member_days == "30"'],
    ['games == "valorant"'],
    ['role'],
  ])(
    'refuses %s with 400 invalid_condition at a position, and stores nothing',
    async (label, source = label) => {
      const existing = await createAlert({ condition: 'true', message: '<p>unchanged</p>' });
      const before = await storedAlerts();

      const created = await admin.post('/api/alerts', alertBody({ condition: source }));
      expectError(created, 400, 'invalid_condition');
      const [issue, ...others] = issues(created.json());
      expect(others).toEqual([]);
      expect(issue!.path).toBe('body.condition');
      expect(issue!.message).toMatch(/at character \d+/);
      expect(created.json().error.message).toMatch(/at character \d+/);

      const edited = await admin.put(
        `/api/alerts/${existing._id}`,
        alertBody({ condition: source }),
      );
      expectError(edited, 400, 'invalid_condition');
      expect(issuePaths(edited.json())).toEqual(['body.condition']);

      expect(await storedAlerts()).toEqual(before);
    },
  );

  it.each([
    ['unknown_field == 1', 1],
    ['role ==', 8],
    ['__proto__', 1],
    ['constructor.constructor("return process")()', 12],
    ['role == "guest" and toString', 21],
  ])('points at the problem in %s (character %i)', async (source, character) => {
    const response = await admin.post('/api/alerts', alertBody({ condition: source }));
    expect(response.statusCode).toBe(400);
    expect(issues(response.json())[0]!.message).toMatch(new RegExp(`at character ${character}\\b`));
  });

  it.each([
    [
      'role ==',
      { reason: 'expected_value', position: 7, found: { kind: 'end' } },
      'expected a value, found the end of the condition',
    ],
    [
      'role.name == "x"',
      { reason: 'unexpected_character', position: 4, character: '.' },
      "unexpected character '.'",
    ],
    [
      'role in ("a" "b")',
      {
        reason: 'expected_symbol',
        position: 13,
        expected: ')',
        found: { kind: 'string', value: 'b' },
      },
      'expected \')\', found "b"',
    ],
    [
      'member_days == "30"',
      { reason: 'types_differ', position: 12, operator: '==', left: 'number', right: 'string' },
      "'==' compares a number with a string",
    ],
    ['nickname == "x"', { reason: 'unknown_field', position: 0, field: 'nickname' }, null],
    ['"x" in ("a", 1)', { reason: 'list_values_type', position: 4, type: 'string' }, null],
  ])(
    'refuses %s with a code and the values a client translates, the English kept for API clients',
    async (source, problem, english) => {
      const response = await admin.post('/api/alerts', alertBody({ condition: source }));
      expectError(response, 400, 'invalid_condition');
      const { error } = response.json();
      expect(error.params).toEqual({ condition: problem });
      expect(error.issues).toEqual([
        {
          path: 'body.condition',
          message: expect.any(String),
          code: 'invalid_condition',
          params: { condition: problem },
        },
      ]);
      if (english) expect(error.message).toContain(english);

      const previewed = await admin.post('/api/alerts/preview', { condition: source });
      expect(previewed.json()).toMatchObject({ valid: false, problem });
    },
  );

  it('names an empty message once sanitized with the issue code empty_markup', async () => {
    const response = await admin.post('/api/alerts', alertBody({ message: '<script>x</script>' }));
    expectError(response, 400, 'validation_failed');
    expect(issues(response.json())).toEqual([
      { path: 'body.message', message: expect.any(String), code: 'empty_markup' },
    ]);
  });

  it('names a message over the limit with too_big and the limit', async () => {
    const response = await admin.post(
      '/api/alerts',
      alertBody({ message: 'x'.repeat(ALERT_MESSAGE_MAX_LENGTH + 1) }),
    );
    expectError(response, 400, 'validation_failed');
    expect(issues(response.json())).toEqual([
      {
        path: 'body.message',
        message: expect.any(String),
        code: 'too_big',
        params: expect.objectContaining({ maximum: ALERT_MESSAGE_MAX_LENGTH, origin: 'string' }),
      },
    ]);
  });

  it('refuses 9,990 nested parentheses without hanging, and keeps serving', async () => {
    const response = await admin.post('/api/alerts', alertBody({ condition: nested(9_990) }));
    expect(response.statusCode).toBe(400);
    expect((await clients.user.get('/api/alerts')).statusCode).toBe(200);
  });

  it('refuses 10,000 nested parentheses around a condition with the position, storing nothing', async () => {
    const before = await storedAlerts();
    const response = await admin.post('/api/alerts', alertBody({ condition: nested(10_000) }));
    expectError(response, 400, 'invalid_condition');
    expect(issues(response.json())).toEqual([
      {
        path: 'body.condition',
        message: expect.stringMatching(/at character 501\b/),
        code: 'invalid_condition',
        params: { condition: { reason: 'too_long', position: 500, max: 500 } },
      },
    ]);
    expect(await storedAlerts()).toEqual(before);
  });

  it.each([
    'true',
    'role == "guest"',
    'not adhesion',
    'role in ("user", "admin") and country == "France"',
    '"valorant" in games',
    'member_days < 30',
    '"Guildhall LoL" in teams',
    '"Coachs" in team_roles',
    'twitch_connected',
    'twitter_connected or not (town != "Lyon")',
    'pseudo not in ("a", "b") and member_days >= 0',
  ])('accepts %s', async (condition) => {
    expect((await createAlert({ condition })).condition).toBe(condition);
  });
});

describe('messages are sanitized on save', () => {
  const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li']);

  const decodeEntities = (value: string) =>
    value
      .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#([0-9]+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&colon;/gi, ':')
      .replace(/&tab;/gi, '\t')
      .replace(/&newline;/gi, '\n')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');

  /** Fails unless the markup is inert: allowed tags, no handler, only http(s) links. */
  const expectInert = (markup: string) => {
    for (const [, closing, name, attributes] of markup.matchAll(
      /<\s*(\/?)\s*([a-zA-Z][a-zA-Z0-9:-]*)([^>]*)>/g,
    )) {
      expect(ALLOWED_TAGS, `tag <${name}> in ${markup}`).toContain(name!.toLowerCase());
      if (closing) continue;
      const attributeList = [
        ...attributes!.matchAll(/([^\s"'=/<>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g),
      ].map(([, attribute, value]) => ({
        attribute: attribute!.toLowerCase(),
        value: decodeEntities((value ?? '').replace(/^["']|["']$/g, '')),
      }));
      for (const { attribute, value } of attributeList) {
        if (name!.toLowerCase() !== 'a') {
          expect.fail(`attribute ${attribute} on <${name}> in ${markup}`);
        }
        expect(['href', 'target', 'rel'], `attribute ${attribute} in ${markup}`).toContain(
          attribute,
        );
        if (attribute === 'href') expect(value.trim()).toMatch(/^https?:\/\/[^/]/i);
      }
    }
    // Nothing that looks like a tag hides in what is left as text.
    expect(markup).not.toMatch(/<\s*(script|iframe|svg|img|style|object|embed|form|math|base)/i);
    expect(markup).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(markup).not.toMatch(/(href|src|action)\s*=\s*["']?\s*(javascript|data|vbscript):/i);
  };

  const PAYLOADS = [
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
    '<scr<script>ipt>alert(1)</scr</script>ipt>',
    '<img src=x onerror=alert(1)>',
    '<img src="javascript:alert(1)">',
    '<svg onload=alert(1)>',
    '<svg><script>alert(1)</script></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '<a href="javascript:alert(1)">click</a>',
    '<a href="JaVaScRiPt:alert(1)">click</a>',
    '<a href=" javascript:alert(1)">click</a>',
    '<a href="&#106;avascript:alert(1)">click</a>',
    '<a href="java&#x09;script:alert(1)">click</a>',
    '<a href="javascript&colon;alert(1)">click</a>',
    '<a href="vbscript:msgbox(1)">click</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
    '<a href="//evil.example">click</a>',
    '<a href="https://ok.example" onclick="alert(1)" onmouseover="alert(2)">click</a>',
    '<a href="https://ok.example" style="position:fixed;top:0">click</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<style>body{background:expression(alert(1))}</style>',
    '<p style="width:expression(alert(1))">styled</p>',
    '<div style="background:url(javascript:alert(1))">div</div>',
    '<object data="data:text/html,<script>alert(1)</script>"></object>',
    '<embed src="javascript:alert(1)">',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<form action="javascript:alert(1)"><button>go</button></form>',
    '<input autofocus onfocus=alert(1)>',
    '<details open ontoggle=alert(1)>',
    '<body onload=alert(1)>',
    '<p onclick="alert(1)">click me</p>',
    '<strong onmouseover="alert(1)">bold</strong>',
    '<li onclick=alert(1)>item</li>',
    '<base href="https://evil.example/">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<link rel="stylesheet" href="https://evil.example/x.css">',
    '"><script>alert(1)</script>',
    '<!--<script>alert(1)</script>-->',
    '<![CDATA[<script>alert(1)</script>]]>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<template><script>alert(1)</script></template>',
    '<video><source onerror="alert(1)"></video>',
  ];

  it.each(PAYLOADS)('keeps %s from doing anything', async (payload) => {
    const response = await admin.post(
      '/api/alerts',
      alertBody({ message: `<p>Bonjour</p>${payload}` }),
    );
    expect(response.statusCode).toBe(201);
    const alert = response.json<Alert>();
    expect(alert.message).toContain('<p>Bonjour</p>');
    expectInert(alert.message);
    // What members are later given is what was stored: the sanitized markup.
    expect((await allAlerts()).find((one) => one._id === alert._id)!.message).toBe(alert.message);
    expect((await shownTo(clients.user)).includes(alert._id)).toBe(true);
  });

  it('sanitizes on edit too', async () => {
    const alert = await createAlert();
    const response = await admin.put(
      `/api/alerts/${alert._id}`,
      alertBody({ message: '<p>ok</p><img src=x onerror=alert(1)><script>alert(2)</script>' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('<p>ok</p>');
  });

  it('keeps the allowed markup', async () => {
    const message =
      '<p>Hello <strong>strong</strong> <b>bold</b> <em>em</em> <i>italic</i> <u>under</u><br>next</p>' +
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>' +
      '<p><a href="https://example.com/page?x=1&amp;y=2">secure</a> <a href="http://example.org">plain</a></p>';
    const saved = (await createAlert({ message })).message;
    for (const fragment of [
      '<p>Hello ',
      '<strong>strong</strong>',
      '<b>bold</b>',
      '<em>em</em>',
      '<i>italic</i>',
      '<u>under</u>',
      '<ul><li>one</li><li>two</li></ul>',
      '<ol><li>first</li></ol>',
      '>secure</a>',
      '>plain</a>',
    ]) {
      expect(saved).toContain(fragment);
    }
    expect(saved).toMatch(/<br\s*\/?>next/);
    expectInert(saved);
    const links = [...saved.matchAll(/<a\s[^>]*>/g)].map(([tag]) => tag);
    expect(links).toHaveLength(2);
    expect(links[0]).toMatch(/href="https:\/\/example\.com\/page\?x=1&amp;y=2"/);
    expect(links[1]).toMatch(/href="http:\/\/example\.org"/);
    for (const link of links) {
      expect(link).toMatch(/\starget="_blank"/);
      expect(link).toMatch(/\srel="noopener noreferrer"/);
    }
  });

  it('renders Markdown: emphasis, lists, line breaks and links that open apart', async () => {
    const message = [
      'Renouvelez votre **adhésion** avant *vendredi*',
      'au plus tard.',
      '',
      '- la cotisation',
      '- le certificat',
      '',
      '1. payer',
      '2. [confirmer](https://example.org/adhesion)',
    ].join('\n');
    const alert = await createAlert({ message });
    expect(alert.message_markdown).toBe(message);
    expect(alert.message).toBe(
      '<p>Renouvelez votre <strong>adhésion</strong> avant <em>vendredi</em><br />\nau plus tard.</p>\n' +
        '<ul>\n<li>la cotisation</li>\n<li>le certificat</li>\n</ul>\n' +
        '<ol>\n<li>payer</li>\n<li><a href="https://example.org/adhesion" target="_blank" rel="noopener noreferrer">confirmer</a></li>\n</ol>',
    );
    // Members are given the rendering; the source is for the editor.
    const shown = (await clients.user.get('/api/alerts')).json<Alert[]>();
    expect(shown.find((one) => one._id === alert._id)!.message).toBe(alert.message);
  });

  it.each([
    ['a javascript: link', '[cliquez](javascript:alert(1))'],
    ['a javascript: autolink', '<javascript:alert(1)>'],
    ['a data: link', '[voir](data:text/html,<script>alert(1)</script>)'],
    ['a relative link', '[voir](/api/users)'],
    ['an image', '![logo](https://evil.example/pixel.png)'],
    ['a script', '<script>alert(1)</script>'],
    ['a script in a list', '- <script>alert(1)</script>\n- <img src=x onerror=alert(1)>'],
    ['a handler in a reference link', '[x][1]\n\n[1]: https://example.org "a" onclick="alert(1)"'],
  ])('renders %s from Markdown into nothing that runs or loads', async (_name, payload) => {
    const alert = await createAlert({ message: `Bonjour\n\n${payload}` });
    expect(alert.message).toContain('<p>Bonjour</p>');
    expectInert(alert.message);
    // The text of a refused link may stay, as text: only http(s) addresses are ever a link.
    expect(alert.message).not.toContain('<img');
  });

  it('leaves the syntax it does not offer (headings, quotes, code) as typed', async () => {
    const alert = await createAlert({ message: '# Titre\n> citation\n`code`' });
    expect(alert.message).toBe('<p># Titre<br />\n&gt; citation<br />\n`code`</p>');
  });

  it('forces target=_blank and rel=noopener noreferrer over what the admin wrote', async () => {
    const saved = (
      await createAlert({
        message: '<p><a href="https://example.com" target="_self" rel="opener">x</a></p>',
      })
    ).message;
    expect(saved).toMatch(/target="_blank"/);
    expect(saved).toMatch(/rel="noopener noreferrer"/);
    expect(saved).not.toMatch(/_self|"opener"/);
  });

  it('drops the address of a protocol-relative link, keeping its text', async () => {
    const saved = (await createAlert({ message: '<p><a href="//evil.example">go</a></p>' }))
      .message;
    expect(saved).toContain('go');
    expect(saved).not.toContain('evil.example');
  });

  it.each([
    '<script>x</script>',
    '<img src=x onerror=alert(1)>',
    '<iframe src="https://evil.example"></iframe>',
    '<style>p{}</style><script>x</script>',
    '<p><script>x</script></p>',
    '<br><br>',
    '<p>&nbsp;</p>',
  ])('refuses %s, empty once sanitized, with 400 naming the message', async (message) => {
    const before = await storedAlerts();
    const response = await admin.post('/api/alerts', alertBody({ message }));
    expectError(response, 400, 'validation_failed');
    expect(issuePaths(response.json())).toEqual(['body.message']);
    expect(await storedAlerts()).toEqual(before);
  });
});

describe('GET /api/alerts for a member', () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

  interface Population {
    guest: UserRow;
    userFr: UserRow;
    adminFr: UserRow;
    userBe: UserRow;
    invited: UserRow;
    coach: UserRow;
    player: UserRow;
  }
  type Name = keyof Population;
  let people: Population;
  const clientOf = {} as Record<Name, Client>;
  const everyone = (): Name[] => Object.keys(people) as Name[];

  beforeAll(async () => {
    people = {
      guest: await buildMember(ctx.db, {
        role: 'guest',
        adhesion: false,
        country: 'Belgique',
        createdAt: daysAgo(5),
      }),
      userFr: await buildMember(ctx.db, {
        role: 'user',
        adhesion: true,
        country: 'France',
        valorantLogin: ['Ace#EUW'],
        twitchLogin: `tw-${Math.random().toString(36).slice(2, 8)}`,
        createdAt: daysAgo(10),
      }),
      adminFr: await buildAdmin(ctx.db, {
        adhesion: true,
        country: 'France',
        leagueoflegendsLogin: ['Faker#KR1'],
        createdAt: daysAgo(400),
      }),
      userBe: await buildMember(ctx.db, {
        role: 'user',
        adhesion: false,
        country: 'Belgique',
        fortniteLogin: ['Ninja'],
        createdAt: daysAgo(100),
      }),
      invited: await buildMember(ctx.db, { role: 'invited', createdAt: daysAgo(31) }),
      coach: await buildMember(ctx.db, {
        role: 'user',
        adhesion: true,
        country: 'Espagne',
        createdAt: daysAgo(60),
        ...COMPLETE_PROFILE,
      }),
      player: await buildMember(ctx.db, {
        role: 'guest',
        adhesion: true,
        valorantLogin: ['Jett#EUW', 'Sage#EUW'],
        createdAt: daysAgo(29),
      }),
    };
    await buildTeam(ctx.db, {
      name: 'Guildhall LoL',
      game: 'leagueoflegends',
      roles: [
        { role: 'Joueurs', members: [people.player] },
        { role: 'Coachs', members: [people.coach] },
      ],
    });
    await buildTeam(ctx.db, {
      name: 'Guildhall Valorant',
      game: 'valorant',
      roles: [{ role: 'Joueurs', members: [people.userFr] }],
    });
    for (const name of everyone()) {
      clientOf[name] = clientAs(ctx, people[name]);
    }
  });

  const CASES: [string, Name[]][] = [
    ['true', ['guest', 'userFr', 'adminFr', 'userBe', 'invited', 'coach', 'player']],
    ['role == "guest"', ['guest', 'player']],
    ['not adhesion', ['guest', 'userBe', 'invited']],
    ['role in ("user", "admin") and country == "France"', ['userFr', 'adminFr']],
    ['"valorant" in games', ['userFr', 'player']],
    ['"leagueoflegends" in games or "fortnite" in games', ['adminFr', 'userBe']],
    ['member_days < 30', ['guest', 'userFr', 'player']],
    ['member_days >= 100', ['adminFr', 'userBe']],
    ['"Guildhall LoL" in teams', ['coach', 'player']],
    ['"Coachs" in team_roles', ['coach']],
    ['"Joueurs" in team_roles', ['userFr', 'player']],
    [
      '"Coachs" not in team_roles and role != "admin"',
      ['guest', 'userFr', 'userBe', 'invited', 'player'],
    ],
    ['twitch_connected', ['userFr']],
    ['role == "invited" or (role == "guest" and not adhesion)', ['invited', 'guest']],
    ['profile_complete', ['coach']],
    ['adhesion and not profile_complete', ['userFr', 'adminFr', 'player']],
    ['false', []],
  ];

  it('shows each member exactly the active alerts whose condition holds for them', async () => {
    const created = new Map<string, string>();
    for (const [condition] of CASES) {
      created.set(
        condition,
        (await createAlert({ condition, message: `<p>${condition}</p>` }))._id,
      );
    }
    for (const name of everyone()) {
      const shown = await shownTo(clientOf[name]);
      const expected = CASES.filter(([, who]) => who.includes(name)).map(
        ([condition]) => condition,
      );
      const got = CASES.filter(([condition]) => shown.includes(created.get(condition)!)).map(
        ([condition]) => condition,
      );
      expect(got, `alerts shown to ${name}`).toEqual(expected);
    }
  });

  it('answers the alerts with their sanitized message, and not whom they target', async () => {
    const alert = await createAlert({ condition: 'twitch_connected', message: '<p>Live!</p>' });
    const response = await clientOf.userFr.get('/api/alerts');
    const shown = response.json<Alert[]>().find((one) => one._id === alert._id);
    expect(shown).toEqual({ ...alert, condition: '' });
  });

  it('shows an inactive alert to nobody, not even to admins', async () => {
    const alert = await createAlert({ statut: 'inactive', condition: 'true' });
    for (const name of everyone()) {
      expect(await shownTo(clientOf[name])).not.toContain(alert._id);
    }
    expect(await shownTo(admin)).not.toContain(alert._id);
    // Made active, it shows.
    await admin.put(`/api/alerts/${alert._id}`, alertBody({ statut: 'active', condition: 'true' }));
    expect(await shownTo(clientOf.guest)).toContain(alert._id);
  });

  it('takes a change of the member into account at the next request', async () => {
    const member = await buildMember(ctx.db, {
      role: 'guest',
      adhesion: false,
      country: 'France',
      createdAt: daysAgo(200),
    });
    const client = clientAs(ctx, member);
    const forGuests = await createAlert({ condition: 'role == "guest"' });
    const forFrenchUsers = await createAlert({
      condition: 'role in ("user", "admin") and country == "France"',
    });
    const forMembers = await createAlert({ condition: 'adhesion' });
    const forCoaches = await createAlert({ condition: '"Coachs" in team_roles' });
    const forStreamers = await createAlert({ condition: 'twitch_connected' });
    const mine = [forGuests, forFrenchUsers, forMembers, forCoaches, forStreamers].map(
      (alert) => alert._id,
    );
    const shownOfMine = async () => (await shownTo(client)).filter((id) => mine.includes(id));

    expect(await shownOfMine()).toEqual([forGuests._id]);

    await ctx.db.update(users).set({ role: 'user', adhesion: true }).where(eq(users.id, member.id));
    expect(await shownOfMine()).toEqual([forFrenchUsers._id, forMembers._id]);

    await buildTeam(ctx.db, { roles: [{ role: 'Coachs', members: [member] }] });
    await ctx.db
      .update(users)
      .set({ twitchLogin: `stream-${member.id}` })
      .where(eq(users.id, member.id));
    expect(await shownOfMine()).toEqual([
      forFrenchUsers._id,
      forMembers._id,
      forCoaches._id,
      forStreamers._id,
    ]);
  });

  it('takes a change of the alert into account at the next request', async () => {
    const alert = await createAlert({ condition: 'role == "guest"' });
    expect(await shownTo(clientOf.guest)).toContain(alert._id);
    expect(await shownTo(clientOf.userFr)).not.toContain(alert._id);

    await admin.put(`/api/alerts/${alert._id}`, alertBody({ condition: 'role == "user"' }));
    expect(await shownTo(clientOf.guest)).not.toContain(alert._id);
    expect(await shownTo(clientOf.userFr)).toContain(alert._id);

    await admin.delete(`/api/alerts/${alert._id}`);
    expect(await shownTo(clientOf.userFr)).not.toContain(alert._id);
  });
});

describe('GET /api/alerts?all=1', () => {
  it('gives admins every alert, inactive ones and ones that do not hold for them included', async () => {
    const inactive = await createAlert({ statut: 'inactive', condition: 'true' });
    const forGuests = await createAlert({ condition: 'role == "guest"' });
    const never = await createAlert({ condition: 'false' });
    const ids = (await allAlerts()).map((alert) => alert._id);
    expect(ids).toEqual(expect.arrayContaining([inactive._id, forGuests._id, never._id]));
    expect(ids).toHaveLength((await storedAlerts()).length);
    expect((await admin.get('/api/alerts?all=true')).json<Alert[]>()).toHaveLength(ids.length);
    // Without ?all, the admin is a member like any other.
    const own = await shownTo(admin);
    expect(own).not.toContain(inactive._id);
    expect(own).not.toContain(forGuests._id);
    expect(own).not.toContain(never._id);
  });

  it.each(NON_ADMINS)('answers 403 to a %s', async (role) => {
    expectError(await clients[role].get('/api/alerts?all=1'), 403, 'forbidden');
  });
});

describe('POST /api/alerts/preview', () => {
  /** Whom a condition matches, counted straight from the database. */
  const population = async (db: Db) => {
    const members = await db.select().from(users);
    const memberships = await db
      .select({ userId: teamRoleMembers.userId, team: teams.name, role: teamRoles.name })
      .from(teamRoleMembers)
      .innerJoin(teamRoles, eq(teamRoles.id, teamRoleMembers.roleId))
      .innerJoin(teams, eq(teams.id, teamRoles.teamId));
    return members.map((member) => ({
      ...member,
      teams: memberships.filter((one) => one.userId === member.id).map((one) => one.team),
      teamRoles: memberships.filter((one) => one.userId === member.id).map((one) => one.role),
    }));
  };
  type Member = Awaited<ReturnType<typeof population>>[number];

  /** The account form's required fields, all there and the email an address. */
  const hasCompleteProfile = (member: Member) =>
    [member.name, member.surname, member.birthday].every((field) => field?.trim()) &&
    /^[^@\s]+@[^@\s]+\.[a-z]+$/.test(member.email ?? '');

  const preview = (condition: string, client = admin) =>
    client.post('/api/alerts/preview', { condition });

  beforeAll(async () => {
    await buildMember(ctx.db, { role: 'guest', adhesion: false, ...COMPLETE_PROFILE });
    await buildMember(ctx.db, { role: 'user', ...COMPLETE_PROFILE, birthday: null });
    await buildMember(ctx.db, { role: 'user', ...COMPLETE_PROFILE, email: 'not-an-address' });
    await buildMember(ctx.db, { role: 'guest', adhesion: false, country: 'France' });
    await buildMember(ctx.db, { role: 'guest', adhesion: true, valorantLogin: ['Omen#1'] });
    await buildMember(ctx.db, { role: 'user', adhesion: false, country: 'France' });
    const coach = await buildMember(ctx.db, { role: 'user', adhesion: true, country: 'Italia' });
    await buildTeam(ctx.db, {
      name: 'Preview Team',
      roles: [{ role: 'Coachs', members: [coach] }],
    });
  });

  it.each<[string, (member: Member) => boolean]>([
    ['true', () => true],
    ['false', () => false],
    ['role == "guest"', (member) => member.role === 'guest'],
    ['not adhesion', (member) => !member.adhesion],
    [
      'role in ("user", "admin") and country == "France"',
      (member) => ['user', 'admin'].includes(member.role) && member.country === 'France',
    ],
    ['"valorant" in games', (member) => member.valorantLogin.length > 0],
    ['"Coachs" in team_roles', (member) => member.teamRoles.includes('Coachs')],
    ['"Preview Team" in teams', (member) => member.teams.includes('Preview Team')],
    ['profile_complete', (member) => hasCompleteProfile(member)],
    [
      'role == "user" and not profile_complete',
      (member) => member.role === 'user' && !hasCompleteProfile(member),
    ],
  ])('counts whom %s matches, out of every member', async (condition, holds) => {
    const members = await population(ctx.db);
    const response = await preview(condition);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      valid: true,
      matches: members.filter(holds).length,
      total: members.length,
    });
  });

  it('counts the members as they are now', async () => {
    const before = (await preview('role == "guest"')).json();
    await buildMember(ctx.db, { role: 'guest' });
    await buildMember(ctx.db, { role: 'user' });
    const after = (await preview('role == "guest"')).json();
    expect(after).toEqual({ valid: true, matches: before.matches + 1, total: before.total + 2 });
  });

  it.each([
    ['unknown_field == 1', 0],
    ['role ==', 7],
    ['__proto__', 0],
    ['alert(1)', 0],
    ['fetch("//x")', 0],
    ['constructor.constructor("return process")()', 11],
  ])('answers valid:false with the position and reason for %s', async (condition, position) => {
    const response = await preview(condition);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      valid: false,
      position,
      reason: expect.any(String),
      problem: expect.objectContaining({ position }),
    });
    expect(response.json().reason.length).toBeGreaterThan(0);
  });

  it('counts positions as saving does, ignoring leading spaces', async () => {
    const response = await preview('   unknown == 1');
    expect(response.json()).toMatchObject({ valid: false, position: 0 });
    const saved = await admin.post('/api/alerts', alertBody({ condition: '   unknown == 1' }));
    expect(issues(saved.json())[0]!.message).toMatch(/at character 1\b/);
  });

  it('answers valid:false for 10,000 opening parentheses and for an empty condition', async () => {
    for (const condition of ['('.repeat(10_000), '', '   ']) {
      const response = await preview(condition);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ valid: false, position: expect.any(Number) });
    }
  });

  it('stores nothing', async () => {
    const before = await storedAlerts();
    await preview('true');
    await preview('role ==');
    expect(await storedAlerts()).toEqual(before);
  });

  it.each(NON_ADMINS)('answers 403 to a %s', async (role) => {
    expectError(await preview('true', clients[role]), 403, 'forbidden');
  });

  it('answers 401 to an anonymous caller', async () => {
    expectError(await preview('true', anonymous), 401, 'unauthenticated');
  });
});

describe('who may change alerts', () => {
  it.each(NON_ADMINS)(
    'a %s gets 403 on POST, PUT and DELETE, and nothing changes',
    async (role) => {
      const alert = await createAlert();
      const before = await storedAlerts();
      expectError(await clients[role].post('/api/alerts', alertBody()), 403, 'forbidden');
      expectError(
        await clients[role].put(
          `/api/alerts/${alert._id}`,
          alertBody({ message: '<p>hijacked</p>' }),
        ),
        403,
        'forbidden',
      );
      expectError(await clients[role].delete(`/api/alerts/${alert._id}`), 403, 'forbidden');
      expect(await storedAlerts()).toEqual(before);
    },
  );

  it('an anonymous caller gets 401 everywhere, and nothing changes', async () => {
    const alert = await createAlert();
    const before = await storedAlerts();
    expectError(await anonymous.get('/api/alerts'), 401, 'unauthenticated');
    expectError(await anonymous.get('/api/alerts?all=1'), 401, 'unauthenticated');
    expectError(await anonymous.post('/api/alerts', alertBody()), 401, 'unauthenticated');
    expectError(
      await anonymous.put(`/api/alerts/${alert._id}`, alertBody()),
      401,
      'unauthenticated',
    );
    expectError(await anonymous.delete(`/api/alerts/${alert._id}`), 401, 'unauthenticated');
    expect(await storedAlerts()).toEqual(before);
  });

  it('a member demoted from admin loses the rights at the next request', async () => {
    const member = await buildAdmin(ctx.db);
    const client = clientAs(ctx, member);
    expect((await client.post('/api/alerts', alertBody())).statusCode).toBe(201);
    await ctx.db.update(users).set({ role: 'user' }).where(eq(users.id, member.id));
    expectError(await client.post('/api/alerts', alertBody()), 403, 'forbidden');
    expectError(await client.get('/api/alerts?all=1'), 403, 'forbidden');
  });
});

describe('alert windows (starts_at, ends_at)', () => {
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  it('shows an alert only between its start and its end, and every alert to the admin list', async () => {
    const current = await createAlert({ starts_at: inHours(-1), ends_at: inHours(1) });
    const future = await createAlert({ starts_at: inHours(1) });
    const past = await createAlert({ ends_at: inHours(-1) });
    const open = await createAlert({ starts_at: inHours(-1) });

    const shown = await shownTo(clients.user);
    expect(shown).toContain(current._id);
    expect(shown).toContain(open._id);
    expect(shown).not.toContain(future._id);
    expect(shown).not.toContain(past._id);
    const listed = (await allAlerts()).map((alert) => alert._id);
    expect(listed).toEqual(expect.arrayContaining([current._id, future._id, past._id]));
  });

  it.each([
    [
      'an end before the start',
      { starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' },
      'body.ends_at',
    ],
    [
      'an end equal to the start',
      { starts_at: '2030-01-01T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' },
      'body.ends_at',
    ],
    ['a start that is not a date', { starts_at: 'tomorrow' }, 'body.starts_at'],
    ['an end without its offset', { ends_at: '2030-01-01T00:00:00' }, 'body.ends_at'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_name, window, path) => {
    const before = await storedAlerts();
    const response = await admin.post('/api/alerts', alertBody(window));
    expectError(response, 400, 'validation_failed');
    expect(issuePaths(response.json())).toContain(path);
    expect(await storedAlerts()).toEqual(before);
  });

  it('clears a bound sent as null', async () => {
    const alert = await createAlert({ starts_at: inHours(1) });
    const response = await admin.put(`/api/alerts/${alert._id}`, alertBody({ starts_at: null }));
    expect(response.statusCode).toBe(200);
    expect(response.json<Alert>().starts_at).toBeNull();
    expect(await shownTo(clients.user)).toContain(alert._id);
  });
});

describe('POST /api/alerts/{id}/dismiss', () => {
  it('hides the alert from the member who dismissed it only, on every later load', async () => {
    const alert = await createAlert({ message: '<p>Tournoi samedi</p>' });
    const kiwi = clientAs(ctx, await buildMember(ctx.db, { role: 'user' }));
    const lime = clientAs(ctx, await buildMember(ctx.db, { role: 'user' }));

    const response = await kiwi.post(`/api/alerts/${alert._id}/dismiss`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await shownTo(kiwi)).not.toContain(alert._id);
    expect(await shownTo(lime)).toContain(alert._id);
    // Dismissing twice is no error.
    expect((await kiwi.post(`/api/alerts/${alert._id}/dismiss`)).statusCode).toBe(204);
    expect((await allAlerts()).map((one) => one._id)).toContain(alert._id);
  });

  it('shows the alert again when its message changes, not when something else does', async () => {
    const alert = await createAlert({ message: '<p>Tournoi samedi</p>' });
    const kiwi = clientAs(ctx, await buildMember(ctx.db, { role: 'user' }));
    await kiwi.post(`/api/alerts/${alert._id}/dismiss`);

    await admin.put(
      `/api/alerts/${alert._id}`,
      alertBody({ message: '<p>Tournoi samedi</p>', type: 'warn' }),
    );
    expect(await shownTo(kiwi)).not.toContain(alert._id);

    await admin.put(`/api/alerts/${alert._id}`, alertBody({ message: '<p>Tournoi dimanche</p>' }));
    expect(await shownTo(kiwi)).toContain(alert._id);

    await kiwi.post(`/api/alerts/${alert._id}/dismiss`);
    expect(await shownTo(kiwi)).not.toContain(alert._id);
  });

  it('answers 404 alert_not_found for an alert the member is not shown, and remembers nothing', async () => {
    const forGuests = await createAlert({ condition: 'role == "guest"' });
    const inactive = await createAlert({ statut: 'inactive' });
    const member = await buildMember(ctx.db, { role: 'user' });
    const client = clientAs(ctx, member);
    for (const id of [forGuests._id, inactive._id, UNKNOWN_ID]) {
      expectError(await client.post(`/api/alerts/${id}/dismiss`), 404, 'alert_not_found');
    }
    expect(
      await ctx.db.select().from(alertDismissals).where(eq(alertDismissals.userId, member.id)),
    ).toEqual([]);
  });

  it('refuses an anonymous caller with 401 and a malformed id with 400', async () => {
    const alert = await createAlert();
    expect((await anonymous.post(`/api/alerts/${alert._id}/dismiss`)).statusCode).toBe(401);
    expectError(await clients.user.post('/api/alerts/nope/dismiss'), 400, 'validation_failed');
  });
});

// Last in the file: on PGlite a new context empties the database the file shares.
describe('POST /api/alerts/preview on a known population', () => {
  // A fresh context: its database holds only the members made here.
  it('counts a known population exactly', async () => {
    const fresh = await createTestContext();
    try {
      const admin = await buildAdmin(fresh.db, { adhesion: true, country: 'France' });
      await buildMember(fresh.db, { role: 'guest' });
      await buildMember(fresh.db, { role: 'guest', adhesion: true });
      await buildMember(fresh.db, { role: 'user', country: 'France', valorantLogin: ['A#1'] });
      await buildMember(fresh.db, { role: 'invited' });
      const client = clientAs(fresh, admin);
      const count = async (condition: string) => {
        const response = await client.post('/api/alerts/preview', { condition });
        expect(response.statusCode).toBe(200);
        return response.json();
      };
      expect(await count('true')).toEqual({ valid: true, matches: 5, total: 5 });
      expect(await count('role == "guest"')).toEqual({ valid: true, matches: 2, total: 5 });
      expect(await count('not adhesion')).toEqual({ valid: true, matches: 3, total: 5 });
      expect(await count('role in ("user", "admin") and country == "France"')).toEqual({
        valid: true,
        matches: 2,
        total: 5,
      });
      expect(await count('"valorant" in games')).toEqual({ valid: true, matches: 1, total: 5 });
      expect(await count('member_days < 30')).toEqual({ valid: true, matches: 5, total: 5 });
    } finally {
      await fresh.close();
    }
  });
});
