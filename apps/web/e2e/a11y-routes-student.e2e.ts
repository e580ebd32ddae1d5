import { beforeAll, describe, expect, it } from 'vitest';
import { audit, passes, passName, routeVisits, type Visit } from './a11y-routes.ts';
import { loginWithPassword, signUpInBrowser } from './auth-helpers.ts';
import { gotoApp, seedStorage, settingsValue, useBrowser } from './browser.ts';
import { designProblems, reportDesign } from './design-facts.ts';
import { KNOWN_DESIGN_GAPS } from './design-known.ts';

// Every route of the router, logged in (a11y-routes.ts; the logged-out half: a11y-routes-visitor.e2e.ts).

const { open } = useBrowser();

let visits: Visit[] = [];
beforeAll(async () => {
  visits = await routeVisits();
});

describe('every route of the router, logged in: no serious or critical axe violation, only variants the design allows', () => {
  for (const pass of passes) {
    it(`logged in as a new student (the demo student, read-only, for its class and report), ${passName(pass)}`, async () => {
      const mine = visits.filter((v) => !v.demo);
      const demos = visits.filter((v) => v.demo);
      const student = await open();
      await signUpInBrowser(student.page);
      const own = await audit(student.page, mine, pass, 'new student');
      const demo = await open();
      await seedStorage(demo.page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(pass.dark) });
      await gotoApp(demo.page, '/');
      await loginWithPassword(demo.page);
      const theirs = await audit(demo.page, demos, pass, 'demo student');
      const facts = [...own.facts, ...theirs.facts];
      reportDesign(facts, pass.width, pass.dark, `student ${passName(pass)}`);
      expect(own.checked + theirs.checked).toBeGreaterThan(0);
      expect.soft([...own.problems, ...theirs.problems]).toEqual([]);
      expect.soft(designProblems(facts, pass.width, pass.dark, KNOWN_DESIGN_GAPS)).toEqual([]);
    }, 600_000);
  }
});
