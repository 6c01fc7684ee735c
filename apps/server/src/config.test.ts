import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const discord = { DISCORD_CLIENT_ID: '1234567890', DISCORD_CLIENT_SECRET: 'discord-secret' };
const vaultKey = () => randomBytes(32).toString('base64');

/** The ConfigError loadConfig throws for this environment (fails the test when it accepts it). */
function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults', () => {
  it('runs in local mode on port 5000 with the data in ./data when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.dataDir).toBe('./data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.env).toBe('development');
    expect(config.localMode).toBe(true);
    expect(config.discord).toBeUndefined();
    expect(config.seedDemo).toBe(true);
  });

  it('stays off the network in local mode', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
  });

  it('listens on every interface when it is not in local mode', () => {
    expect(loadConfig(discord).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', ...discord, VAULT_KEY: vaultKey() }).host).toBe(
      '0.0.0.0',
    );
  });

  it('takes HOST when it is given', () => {
    expect(loadConfig({ HOST: '::1' }).host).toBe('::1');
    expect(loadConfig({ HOST: 'localhost' }).host).toBe('localhost');
    expect(loadConfig({ ...discord, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
    expect(loadConfig({ ...discord, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('refuses to put local mode, where anyone signs in by pseudo, on the network', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'guild.example.org']) {
      expect(refusal({ HOST: host }).message).toContain(
        'HOST: local mode (no Discord settings) signs anyone in by pseudo',
      );
    }
    expect(loadConfig({ HOST: '127.0.0.2' }).localMode).toBe(true);
  });

  it('derives PUBLIC_URL from the port unless it is given', () => {
    expect(loadConfig({}).publicUrl.origin).toBe('http://localhost:5000');
    expect(loadConfig({ PORT: '8080' }).publicUrl.origin).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://guild.example.org' }).publicUrl.origin).toBe(
      'https://guild.example.org',
    );
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({
      PORT: '8081',
      DATA_DIR: '/var/lib/guildhall',
      DATABASE_URL: 'postgres://guildhall@db.internal:5432/guildhall',
    });
    expect(config.port).toBe(8081);
    expect(config.dataDir).toBe('/var/lib/guildhall');
    expect(config.databaseUrl).toBe('postgres://guildhall@db.internal:5432/guildhall');
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/guildhall' }).databaseUrl).toBe(
      'postgresql://localhost/guildhall',
    );
  });
});

describe('loadConfig in production', () => {
  it('refuses to start without the Discord settings and VAULT_KEY, naming each of them', () => {
    const error = refusal({ NODE_ENV: 'production' });
    expect(error.name).toBe('ConfigError');
    expect(error.message).toContain('DISCORD_CLIENT_ID');
    expect(error.message).toContain('DISCORD_CLIENT_SECRET');
    expect(error.message).toContain('VAULT_KEY');
  });

  it('names only what is missing', () => {
    const withoutVault = refusal({ NODE_ENV: 'production', ...discord });
    expect(withoutVault.message).toContain('VAULT_KEY');
    expect(withoutVault.message).not.toContain('DISCORD_CLIENT_ID');
    expect(withoutVault.message).not.toContain('DISCORD_CLIENT_SECRET');

    const withoutSecret = refusal({
      NODE_ENV: 'production',
      DISCORD_CLIENT_ID: discord.DISCORD_CLIENT_ID,
      VAULT_KEY: vaultKey(),
    });
    expect(withoutSecret.message).toContain('DISCORD_CLIENT_SECRET');
    expect(withoutSecret.message).not.toContain('VAULT_KEY');
  });

  it('starts with Discord and VAULT_KEY, without local mode or demo data', () => {
    const key = vaultKey();
    const config = loadConfig({ NODE_ENV: 'production', ...discord, VAULT_KEY: key });
    expect(config.env).toBe('production');
    expect(config.localMode).toBe(false);
    expect(config.seedDemo).toBe(false);
    expect(config.vaultKey).toBe(key);
    expect(config.discord).toMatchObject({
      clientId: '1234567890',
      clientSecret: 'discord-secret',
    });
  });
});

describe('loadConfig refuses bad values, naming the variable', () => {
  it.each([
    ['DATABASE_URL', 'mysql://guildhall@localhost/guildhall'],
    ['DATABASE_URL', 'not a url'],
    ['PORT', 'five thousand'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '50.5'],
    ['VAULT_KEY', randomBytes(16).toString('base64')],
    ['VAULT_KEY', randomBytes(48).toString('base64')],
    ['VAULT_KEY', randomBytes(32).toString('hex')],
    ['VAULT_KEY', `${randomBytes(32).toString('base64')}!!`],
    ['ADMIN_DISCORD_IDS', '80351110224678912, alice'],
    ['SEED_DEMO', 'maybe'],
    ['NODE_ENV', 'staging'],
    ['PUBLIC_URL', 'localhost:5000'],
  ])('%s=%s', (name, value) => {
    const error = refusal({ [name]: value });
    expect(error.message).toContain(name);
  });

  it('refuses TLS_CERT without TLS_KEY, and TLS_KEY without TLS_CERT', () => {
    expect(refusal({ TLS_CERT: '/etc/guildhall/cert.pem' }).message).toContain('TLS_KEY');
    expect(refusal({ TLS_KEY: '/etc/guildhall/key.pem' }).message).toContain('TLS_CERT');
    const config = loadConfig({ TLS_CERT: '/etc/cert.pem', TLS_KEY: '/etc/key.pem' });
    expect(config.tls).toEqual({ cert: '/etc/cert.pem', key: '/etc/key.pem' });
  });

  it('refuses DISCORD_CLIENT_ID without DISCORD_CLIENT_SECRET', () => {
    expect(refusal({ DISCORD_CLIENT_ID: '1234567890' }).message).toContain('DISCORD_CLIENT_SECRET');
  });

  it('refuses DISCORD_CLIENT_SECRET without DISCORD_CLIENT_ID', () => {
    expect(refusal({ DISCORD_CLIENT_SECRET: 'secret' }).message).toContain('DISCORD_CLIENT_ID');
  });

  it('names what production lacks together with the bad values', () => {
    const error = refusal({ NODE_ENV: 'production', PORT: 'abc' });
    for (const name of ['PORT', 'DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'VAULT_KEY']) {
      expect(error.message).toContain(name);
    }
  });

  it('takes an empty variable as unset', () => {
    const config = loadConfig({
      PORT: '',
      DATABASE_URL: ' ',
      DISCORD_CLIENT_ID: '',
      VAULT_KEY: '',
    });
    expect(config).toMatchObject({ port: 5000, databaseUrl: undefined, localMode: true });
  });

  it('names every bad variable at once', () => {
    const error = refusal({ PORT: 'abc', DATABASE_URL: 'mysql://x/y', SEED_DEMO: 'maybe' });
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('DATABASE_URL');
    expect(error.message).toContain('SEED_DEMO');
  });

  it('accepts a VAULT_KEY of 32 bytes in base64', () => {
    const key = vaultKey();
    expect(loadConfig({ VAULT_KEY: key }).vaultKey).toBe(key);
  });
});

describe('loadConfig with Discord', () => {
  it('leaves local mode and does not seed the demo', () => {
    const config = loadConfig({ ...discord });
    expect(config.localMode).toBe(false);
    expect(config.seedDemo).toBe(false);
    expect(config.discord).toMatchObject({
      clientId: '1234567890',
      clientSecret: 'discord-secret',
      guildId: undefined,
      botToken: undefined,
      adminDiscordIds: [],
    });
  });

  it('reads ADMIN_DISCORD_IDS from a comma list with spaces', () => {
    const config = loadConfig({
      ...discord,
      ADMIN_DISCORD_IDS: ' 80351110224678912 ,222222222222222222,, 333 ',
    });
    expect(config.discord?.adminDiscordIds).toEqual([
      '80351110224678912',
      '222222222222222222',
      '333',
    ]);
  });

  it('reads DISCORD_GUILD_ID and refuses one that is not digits', () => {
    expect(
      loadConfig({ ...discord, DISCORD_GUILD_ID: '613425648685547541' }).discord?.guildId,
    ).toBe('613425648685547541');
    expect(refusal({ ...discord, DISCORD_GUILD_ID: 'my-server' }).message).toContain(
      'DISCORD_GUILD_ID',
    );
  });
});

describe('loadConfig TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['0', false],
    ['false', false],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
  ])('reads %s as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(
      expected,
    );
  });
});

describe('loadConfig TRUST_PROXY as a hop count', () => {
  it('is refused with what to give instead, as Fastify would ignore it', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(
      /TRUST_PROXY: must be the proxies' addresses or CIDRs/,
    );
  });
});

describe('loadConfig obsolete settings', () => {
  it('names REDIS_URL, which this version no longer reads, instead of refusing to start', () => {
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379' }).obsoleteSettings).toEqual(['REDIS_URL']);
    expect(loadConfig({}).obsoleteSettings).toEqual([]);
  });
});

describe('loadConfig demo data', () => {
  it('skips the demo with SEED_DEMO=0 or false', () => {
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
  });
});

describe('loadConfig settings given as files (<NAME>_FILE)', () => {
  const files: Record<string, string> = {
    '/run/secrets/vault_key': `${vaultKey()}\n`,
    '/run/secrets/discord': 'file-secret\r\n',
    '/run/secrets/database_url': 'postgres://guildhall:s3cret@db:5432/guildhall\n',
    '/run/secrets/empty': '\n',
    '/run/secrets/bad_key': 'not a key\n',
  };
  const readFile = (path: string): string => {
    const content = files[path];
    if (content === undefined) {
      throw Object.assign(new Error(`ENOENT: no such file '${path}'`), { code: 'ENOENT' });
    }
    return content;
  };
  const refusalWithFiles = (env: Record<string, string>): string => {
    try {
      loadConfig(env, readFile);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
  };

  it('reads the secrets and DATABASE_URL from their files, without the final line break', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        DISCORD_CLIENT_ID: '1234567890',
        DISCORD_CLIENT_SECRET_FILE: '/run/secrets/discord',
        VAULT_KEY_FILE: '/run/secrets/vault_key',
        DATABASE_URL_FILE: '/run/secrets/database_url',
      },
      readFile,
    );
    expect(config.discord?.clientSecret).toBe('file-secret');
    expect(config.vaultKey).toBe(files['/run/secrets/vault_key']?.trim());
    expect(config.databaseUrl).toBe('postgres://guildhall:s3cret@db:5432/guildhall');
  });

  it('validates a value read from a file as it would one given directly', () => {
    expect(refusalWithFiles({ VAULT_KEY_FILE: '/run/secrets/bad_key' })).toContain(
      'VAULT_KEY: must be 32 bytes encoded in base64',
    );
  });

  it('names a file that cannot be read or is empty, and not again as missing in production', () => {
    const message = refusalWithFiles({
      NODE_ENV: 'production',
      ...discord,
      VAULT_KEY_FILE: '/run/secrets/missing',
      RIOT_API_KEY_FILE: '/run/secrets/empty',
    });
    expect(message).toContain('VAULT_KEY_FILE: cannot read /run/secrets/missing (ENOENT)');
    expect(message).toContain('RIOT_API_KEY_FILE: /run/secrets/empty is empty');
    expect(message).not.toContain('VAULT_KEY: is required in production');
  });

  it('refuses a setting given both directly and as a file', () => {
    expect(
      refusalWithFiles({ ...discord, DISCORD_CLIENT_SECRET_FILE: '/run/secrets/discord' }),
    ).toContain('DISCORD_CLIENT_SECRET_FILE: DISCORD_CLIENT_SECRET is given too; give one of them');
  });

  it('reads no file for a setting that is not a secret', () => {
    const config = loadConfig({ PORT_FILE: '/run/secrets/discord' }, readFile);
    expect(config.port).toBe(5000);
  });
});
