import { beforeAll, describe, expect, it } from 'vitest';
import { audit, forPass, passes, passName, routeVisits, type Visit } from './a11y-routes.ts';
import { useBrowser } from './browser.ts';

// Every route of the router, logged out (a11y-routes.ts; the logged-in half: a11y-routes-student.e2e.ts).

const { open } = useBrowser();

let visits: Visit[] = [];
beforeAll(async () => {
  visits = await routeVisits();
});

describe('axe on every route of the router, logged out: no serious or critical violations', () => {
  it('finds the screens of the router, with parameters filled from the API', () => {
    expect(visits.length).toBeGreaterThanOrEqual(25);
    for (const pattern of ['/', '/teacher/booking/:teacher_id', '/user/recharge', '/course/index', '/*'])
      expect(visits.map((v) => v.pattern)).toContain(pattern);
    for (const v of visits) expect(v.url, v.pattern).not.toMatch(/[:*]/);
  });

  for (const pass of passes) {
    it(`logged out, ${passName(pass)}`, async () => {
      const { page } = await open();
      const { problems, checked } = await audit(page, forPass(visits, pass), pass, 'visitor');
      expect(checked).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    }, 600_000);
  }
});
