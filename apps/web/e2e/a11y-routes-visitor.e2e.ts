import { beforeAll, describe, expect, it } from 'vitest';
import { audit, passes, passName, routeVisits, type Visit } from './a11y-routes.ts';
import { useBrowser } from './browser.ts';
import { designProblems, reportDesign } from './design-facts.ts';
import { KNOWN_DESIGN_GAPS } from './design-known.ts';

// Every route of the router, logged out (a11y-routes.ts; the logged-in half: a11y-routes-student.e2e.ts).

const { open } = useBrowser();

let visits: Visit[] = [];
beforeAll(async () => {
  visits = await routeVisits();
});

describe('every route of the router, logged out: no serious or critical axe violation, only variants the design allows', () => {
  it('finds the screens of the router, with parameters filled from the API', () => {
    expect(visits.length).toBeGreaterThanOrEqual(25);
    for (const pattern of ['/', '/teacher/booking/:teacher_id', '/user/recharge', '/course/index', '/*'])
      expect(visits.map((v) => v.pattern)).toContain(pattern);
    for (const v of visits) expect(v.url, v.pattern).not.toMatch(/[:*]/);
  });

  for (const pass of passes) {
    it(`logged out, ${passName(pass)}`, async () => {
      const { page } = await open();
      const { problems, checked, facts } = await audit(page, visits, pass, 'visitor');
      reportDesign(facts, pass.width, pass.dark, `visitor ${passName(pass)}`);
      expect(checked).toBeGreaterThan(0);
      expect.soft(problems).toEqual([]);
      expect.soft(designProblems(facts, pass.width, pass.dark, KNOWN_DESIGN_GAPS)).toEqual([]);
    }, 600_000);
  }
});
