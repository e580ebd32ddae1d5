import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, SERVER_PACKAGE_DIR } from './config.ts';

describe('loadConfig', () => {
  it('has a working default for every variable', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: path.resolve(process.cwd(), 'data'),
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      SEED_DEMO: undefined,
      ACCESS_TOKEN_TTL_SECONDS: 1800,
      REFRESH_TOKEN_TTL_SECONDS: 604_800,
      SMS_DAILY_BUDGET: 10_000,
      SMS_DRIVER: 'log',
      PAY_DRIVER: ['sandbox'],
      CLASSROOM_DRIVER: 'live',
      BOOKING_MIN_NOTICE_MINUTES: 60,
      ORDER_TTL_MINUTES: 15,
      BRAND_TITLE_ZH: '灵犀外教',
      BRAND_TITLE_EN: 'LinguaSpark',
      LOG_LEVEL: 'info',
      JWT_SECRET: undefined,
      TRUST_PROXY: false,
      HTTPS: false,
      RATE_LIMIT_PER_MINUTE: 600,
    });
    expect(config.FILE_STORE).toBe(path.join(config.DATA_DIR, 'files'));
    expect(config.WEB_DIST).toBe(path.resolve(SERVER_PACKAGE_DIR, '../web/dist'));
    expect(path.basename(SERVER_PACKAGE_DIR)).toBe('server');
  });

  it('reads and converts values', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/app',
      SEED_DEMO: '1',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
      PUBLIC_URL: 'https://school.example/',
      // A staging site: the sandbox cashier on a public address, asked for on purpose.
      ALLOW_SANDBOX_PAYMENTS: '1',
      FILE_STORE: 's3://bucket/prefix',
      S3_REGION: 'oss-cn-shanghai',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      MEDIA_HOSTS: 'https://media.example.com, cdn.example.net',
    });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://u@db:5432/app');
    expect(config.SEED_DEMO).toBe(true);
    expect(config.TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.1']);
    expect(config.PUBLIC_URL).toBe('https://school.example');
    expect(config.HTTPS).toBe(true);
    expect(config.FILE_STORE).toBe('s3://bucket/prefix');
    expect(config.MEDIA_HOSTS).toEqual(['https://media.example.com', 'cdn.example.net']);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '2001:db8::/32' }).TRUST_PROXY).toEqual(['2001:db8::/32']);
    expect(loadConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', JWT_SECRET: '' })).toMatchObject({
      PORT: 3000,
      DATABASE_URL: undefined,
      JWT_SECRET: undefined,
    });
  });

  it('refuses invalid values with a message naming each variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMS_DRIVER: 'carrier-pigeon',
        JWT_SECRET: 'short',
        TRUST_PROXY: 'behind the sofa',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const text = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SMS_DRIVER', 'JWT_SECRET', 'TRUST_PROXY']) {
        expect(text).toContain(name);
      }
    }
  });

  it('refuses TRUST_PROXY=true and its other spellings, naming the accepted forms', () => {
    for (const value of ['true', 'TRUE', ' True ', 'on', 'yes', 'enabled', '*']) {
      let message = '';
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (err) {
        expect(err, value).toBeInstanceOf(ConfigError);
        message = (err as Error).message;
      }
      expect(message, value).toContain('TRUST_PROXY');
      expect(message, value).toContain('X-Forwarded-For');
      expect(message, value).toContain('hop count');
      expect(message, value).toContain('IPs/CIDRs');
    }
  });

  it('refuses TRUST_PROXY addresses and prefixes that are not IPs or CIDRs', () => {
    for (const value of ['1.2.3', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', 'fe80::1, nonsense', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: expected off, a hop count/,
      );
    }
  });

  it('refuses the sandbox cashier on a public site, with one line naming PAY_DRIVER and its choices (issue 32)', () => {
    for (const env of [
      { PUBLIC_URL: 'https://school.example.com' },
      { PUBLIC_URL: 'https://school.example.com', PAY_DRIVER: 'sandbox' },
      { PUBLIC_URL: 'http://203.0.113.7:3000', DATABASE_URL: 'postgres://u@db:5432/app' },
      { PUBLIC_URL: 'https://localhost.example.com' },
      { PUBLIC_URL: 'https://school.example.com', ALLOW_SANDBOX_PAYMENTS: '0' },
    ]) {
      let message = '';
      try {
        loadConfig(env);
      } catch (error) {
        expect(error, JSON.stringify(env)).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message.split('\n'), JSON.stringify(env)).toHaveLength(1);
      expect(message).toMatch(/^Invalid configuration: PAY_DRIVER: /);
      expect(message).toContain('alipay, wechat or alipay,wechat');
      expect(message).toContain('ALLOW_SANDBOX_PAYMENTS=1');
    }
  });

  it('runs the sandbox on a plainly local instance, or on a public one when ALLOW_SANDBOX_PAYMENTS=1', () => {
    for (const env of [
      {},
      { PUBLIC_URL: 'http://localhost:3000' },
      { PUBLIC_URL: 'http://127.0.0.1:8080/' },
      { PUBLIC_URL: 'http://[::1]:3000' },
      { PUBLIC_URL: 'https://LOCALHOST' },
      { PUBLIC_URL: 'https://staging.school.example.com', ALLOW_SANDBOX_PAYMENTS: '1' },
      { DATABASE_URL: 'postgres://u@db:5432/app' },
    ]) {
      expect(loadConfig(env).PAY_DRIVER, JSON.stringify(env)).toEqual(['sandbox']);
    }
    expect(loadConfig({ ALLOW_SANDBOX_PAYMENTS: '1' }).ALLOW_SANDBOX_PAYMENTS).toBe(true);
  });

  it('applies overrides after parsing', () => {
    expect(loadConfig({ PORT: '1' }, { PORT: 2 }).PORT).toBe(2);
  });
});

describe('documentation of the configuration', () => {
  /** The first cells of the README's configuration tables, abbreviations (`A_B_X / _Y`) expanded. */
  function documentedVariables(): Set<string> {
    const readme = fs.readFileSync(path.resolve(SERVER_PACKAGE_DIR, '../../README.md'), 'utf8');
    const names = new Set<string>();
    for (const line of readme.split('\n')) {
      const cell = /^\|\s*([A-Z][A-Z0-9_]*(?:\s*\/\s*_?[A-Z0-9_]+)*)\s*\|/.exec(line)?.[1];
      if (!cell) continue;
      const [first = '', ...rest] = cell.split('/').map((s) => s.trim());
      names.add(first);
      // `ALIYUN_SMS_ACCESS_KEY_ID / _SIGN_NAME`: the abbreviation keeps the first two words.
      const prefix = first.split('_').slice(0, 2).join('_');
      for (const name of rest) names.add(name.startsWith('_') ? `${prefix}${name}` : name);
    }
    return names;
  }

  it('lists every variable the server reads in the README configuration table', () => {
    const documented = documentedVariables();
    expect(CONFIG_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
    expect(CONFIG_VARIABLES).toEqual(expect.arrayContaining(['PUBLIC_URL', 'MEDIA_HOSTS', 'WEB_DIST']));
  });

  it('names what a production deployment must set in docs/operations.md', () => {
    const operations = fs.readFileSync(path.resolve(SERVER_PACKAGE_DIR, '../../docs/operations.md'), 'utf8');
    const section = operations.split('## What a production deployment must set')[1]?.split('\n## ')[0] ?? '';
    for (const name of [
      'DATABASE_URL',
      'JWT_SECRET',
      'SMS_CODE_PEPPER',
      'TRUST_PROXY',
      'PUBLIC_URL',
      'REDIS_URL',
      'FILE_STORE',
      'SMS_DRIVER',
      'PAY_DRIVER',
      'ALLOW_SANDBOX_PAYMENTS',
      'SEED_DEMO',
    ]) {
      expect(section, name).toContain(`\`${name}`);
    }
  });
});
