import { describe, expect, it } from 'vitest';
import { appConfigSchema } from '@app/contract/app-config';
import { createTestApp } from './helpers/test-app.ts';

describe('GET /api/v1/app/config', () => {
  it('returns the public settings with the configured brand titles', async () => {
    const { app } = await createTestApp({ env: { BRAND_TITLE_ZH: '测试外教', BRAND_TITLE_EN: 'TestSpark' } });
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/app/config',
      headers: { 'api-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    const data = appConfigSchema.parse(body.data);
    expect(data.brand).toEqual({ 'zh-Hans': '测试外教', en: 'TestSpark' });
    expect(data.sms_driver).toBe('log');
    expect(data.faq_url).toMatch(/^https:\/\//);
    expect(data.teaching_assistant.qr.length).toBeGreaterThan(0);
    expect(data.filing.icp).toMatch(/ICP/);
  });

  it('uses the default brand titles 灵犀外教 / LinguaSpark', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(res.json().data.brand).toEqual({ 'zh-Hans': '灵犀外教', en: 'LinguaSpark' });
  });

  it('reports demo = false without demo data and true once the demo is seeded', async () => {
    const plain = await createTestApp();
    const before = await plain.app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(before.json().data.demo).toBe(false);
    await plain.close();

    const seeded = await createTestApp({ env: { SEED_DEMO: '1' } });
    const after = await seeded.app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(after.json().data.demo).toBe(true);
  });

  it('is revalidated with an ETag', async () => {
    const { app } = await createTestApp();
    const first = await app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const second = await app.inject({
      method: 'GET',
      url: '/api/v1/app/config',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(second.statusCode).toBe(304);
  });
});
