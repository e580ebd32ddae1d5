import { it } from 'vitest';
import { createTestApp } from '/work/main/apps/server/test/helpers/test-app.ts';
it('probe', async () => {
  const t = await createTestApp();
  for (const url of ['/api/v1/user/getUserInfo/','/api/v1/user/getUserInfo?x=1','/api/v1/%75ser/getUserInfo','/api/v1/user/%67etUserInfo','/api/v1//user/getUserInfo','/api/v1/%75ser/login']) {
    const r = await t.app.inject({ method: url.includes('login') ? 'POST':'GET', url, payload: url.includes('login') ? {} : undefined });
    console.log(url, r.statusCode, r.body.slice(0,80));
  }
});
