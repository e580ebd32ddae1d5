import { describe, expect, it } from 'vitest';
import { appConfigSchema } from '@app/contract/app-config';
import { ConfigError, loadConfig } from '../src/config.ts';
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
  });

  it("links to the web app's own help pages and shows no filing by default", async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/v1/app/config' });
    const data = appConfigSchema.parse(res.json().data);
    expect(data).toMatchObject({
      customer_service_url: '/help/faq#contact',
      faq_url: '/help/faq',
      manual_url: '/help/manual',
      app_download_url: '/help/app',
      teaching_assistant: {
        name: 'Lily 老师',
        phone: '400-820-1234',
        qr: 'https://u.wechat.com/linguaspark-assistant',
      },
      mails: { business: 'business@linguaspark.example', join_us: 'join@linguaspark.example' },
    });
    expect(data.filing.icp).toBe('');
    expect(data.filing.police).toBe('');
    // Nothing points at the unpublished help domain any more.
    expect(res.body).not.toContain('help.linguaspark.example');
  });

  it('takes every link, contact and filing from the environment', async () => {
    const { app } = await createTestApp({
      env: {
        CUSTOMER_SERVICE_URL: 'https://chat.school.example/student',
        FAQ_URL: 'https://docs.school.example/faq',
        MANUAL_URL: '/help/manual#booking',
        APP_DOWNLOAD_URL: 'https://school.example/app',
        ASSISTANT_NAME: '王老师',
        ASSISTANT_PHONE: '+86 10 8888-0000',
        ASSISTANT_WECHAT: 'school_helper_01',
        ASSISTANT_QR_URL: 'https://u.wechat.com/school-assistant',
        BUSINESS_MAIL: 'bd@school.example',
        JOIN_US_MAIL: 'teach@school.example',
        ICP_FILING: '京ICP备12345678号-1',
        PSB_FILING: '京公网安备 11010502000001号',
      },
    });
    const data = appConfigSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/v1/app/config' })).json().data,
    );
    expect(data).toMatchObject({
      customer_service_url: 'https://chat.school.example/student',
      faq_url: 'https://docs.school.example/faq',
      manual_url: '/help/manual#booking',
      app_download_url: 'https://school.example/app',
      teaching_assistant: {
        name: '王老师',
        phone: '+86 10 8888-0000',
        wechat: 'school_helper_01',
        qr: 'https://u.wechat.com/school-assistant',
      },
      mails: { business: 'bd@school.example', join_us: 'teach@school.example' },
      filing: { icp: '京ICP备12345678号-1', police: '京公网安备 11010502000001号' },
    });
  });

  it('refuses at start-up a link that is neither an app path nor an http(s) URL, and bad contacts', () => {
    for (const [name, value] of [
      ['FAQ_URL', 'javascript:alert(1)'],
      ['MANUAL_URL', '//evil.example/manual'],
      ['APP_DOWNLOAD_URL', 'help/app'],
      ['CUSTOMER_SERVICE_URL', 'ftp://chat.example'],
      ['ASSISTANT_QR_URL', 'not a url'],
      ['ASSISTANT_PHONE', 'call me'],
      ['ASSISTANT_WECHAT', 'a b'],
      ['BUSINESS_MAIL', 'not-a-mail'],
      ['JOIN_US_MAIL', 'join@'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
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
