import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { smsOutboxPath } from './log-sms-provider.ts';
import { maskMobile } from './sms-provider.ts';
import { createSmsProvider } from './sms.config.ts';

let dataDir: string;
const logs: Array<{ obj: object; msg?: string }> = [];
const logger = { info: (obj: object, msg?: string) => void logs.push({ obj, msg }) };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sms-log-'));
  logs.length = 0;
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function outbox(): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(smsOutboxPath(dataDir), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('log SMS provider', () => {
  it('appends one JSON line per message to DATA_DIR/outbox/sms.jsonl, creating the directory', async () => {
    const sms = createSmsProvider({ driver: 'log', dataDir: path.join(dataDir, 'nested'), logger });
    expect(sms.name).toBe('log');
    await sms.sendCode({ mobile: '13800138000', code: '012345', lang: 'zh-Hans', requestId: 'r1' });
    const text = await readFile(smsOutboxPath(path.join(dataDir, 'nested')), 'utf8');
    const [line] = text.split('\n');
    const entry = JSON.parse(line!) as Record<string, unknown>;
    expect(entry).toMatchObject({ mobile: '13800138000', code: '012345', provider: 'log' });
    expect(new Date(String(entry.at)).toISOString()).toBe(entry.at);
    expect(entry.text).toContain('012345');
    expect(entry.text).toContain('验证码');
    expect(logs).toHaveLength(1);
    expect(logs[0]!.obj).toMatchObject({
      provider: 'log',
      mobile: '138****8000',
      code: '012345',
      requestId: 'r1',
    });
  });

  it('keeps the outbox to its owner: directory 0700, file 0600, also when an older file was readable', async () => {
    const nested = path.join(dataDir, 'fresh');
    const sms = createSmsProvider({ driver: 'log', dataDir: nested, logger });
    await sms.sendCode({ mobile: '13800138000', code: '012345', lang: 'en' });
    const modeOf = async (p: string) => ((await stat(p)).mode & 0o777).toString(8);
    expect(await modeOf(nested)).toBe('700');
    expect(await modeOf(path.dirname(smsOutboxPath(nested)))).toBe('700');
    expect(await modeOf(smsOutboxPath(nested))).toBe('600');

    await chmod(smsOutboxPath(nested), 0o644);
    const restarted = createSmsProvider({ driver: 'log', dataDir: nested, logger });
    await restarted.sendCode({ mobile: '13800138000', code: '543210', lang: 'en' });
    expect(await modeOf(smsOutboxPath(nested))).toBe('600');
  });

  it('writes the message in the requested language', async () => {
    const sms = createSmsProvider({ driver: 'log', dataDir, logger });
    await sms.sendCode({ mobile: '13900139000', code: '999999', lang: 'en' });
    const [entry] = await outbox();
    expect(entry!.text).toMatch(/^Your verification code is 999999\./);
  });

  it('writes a notice from its template in the requested language, with no code', async () => {
    const sms = createSmsProvider({ driver: 'log', dataDir, logger });
    const params = { teacher: 'Anna Smith', time: '19:30', minutes: '60' };
    await sms.sendNotice({ mobile: '13800138000', template: 'classReminder', params, lang: 'en' });
    await sms.sendNotice({ mobile: '13800138000', template: 'classReminder', params, lang: 'zh-Hans' });
    const [en, zh] = await outbox();
    expect(en).toMatchObject({ mobile: '13800138000', code: '', template: 'classReminder', provider: 'log' });
    expect(en!.text).toBe(
      'Reminder: your class with Anna Smith starts in 60 minutes, at 19:30 (Beijing time).',
    );
    expect(zh!.text).toContain('上课提醒');
    expect(zh!.text).toContain('19:30');
    expect(logs.at(-1)!.obj).toMatchObject({
      provider: 'log',
      mobile: '138****8000',
      template: 'classReminder',
    });
  });

  it('keeps every line intact under concurrent sends', async () => {
    const sms = createSmsProvider({ driver: 'log', dataDir, logger });
    const sends = Array.from({ length: 200 }, (_, i) =>
      sms.sendCode({
        mobile: `138${String(i).padStart(8, '0')}`,
        code: String(i).padStart(6, '0'),
        lang: 'en',
      }),
    );
    await Promise.all(sends);
    const entries = await outbox();
    expect(entries).toHaveLength(200);
    expect(new Set(entries.map((e) => e.code)).size).toBe(200);
  });

  it('recreates the outbox directory when it was removed', async () => {
    const sms = createSmsProvider({ driver: 'log', dataDir, logger });
    await sms.sendCode({ mobile: '13800138000', code: '111111', lang: 'en' });
    await rm(path.join(dataDir, 'outbox'), { recursive: true });
    await sms.sendCode({ mobile: '13800138000', code: '222222', lang: 'en' });
    expect((await outbox()).map((e) => e.code)).toEqual(['222222']);
  });
});

describe('createSmsProvider', () => {
  it('needs the aliyun configuration for the aliyun driver', () => {
    expect(() => createSmsProvider({ driver: 'aliyun', dataDir, logger })).toThrow(/aliyun/);
  });

  it('builds the aliyun driver from its configuration', () => {
    const sms = createSmsProvider({
      driver: 'aliyun',
      dataDir,
      logger,
      aliyun: { accessKeyId: 'id', accessKeySecret: 'secret', signName: 'sign', templateCode: 'SMS_1' },
    });
    expect(sms.name).toBe('aliyun');
  });

  it('refuses an unknown driver', () => {
    expect(() => createSmsProvider({ driver: 'pigeon' as 'log', dataDir, logger })).toThrow(
      /Unknown SMS driver/,
    );
  });

  it('masks phone numbers for logs', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
    expect(maskMobile('123')).toBe('****');
  });
});
