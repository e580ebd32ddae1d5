import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SERVER_PACKAGE_DIR } from './config.ts';

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
      PAY_DRIVER: 'sandbox',
      CLASSROOM_DRIVER: 'demo',
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
      FILE_STORE: 's3://bucket/prefix',
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
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
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

  it('applies overrides after parsing', () => {
    expect(loadConfig({ PORT: '1' }, { PORT: 2 }).PORT).toBe(2);
  });
});
