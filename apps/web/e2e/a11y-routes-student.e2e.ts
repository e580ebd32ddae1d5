import { beforeAll, describe, expect, it } from 'vitest';
import { audit, forPass, passes, passName, routeVisits, signUpInBrowser, type Visit } from './a11y-routes.ts';
import { loginWithPassword } from './auth-helpers.ts';
import { gotoApp, seedStorage, settingsValue, useBrowser } from './browser.ts';

// Every route of the router, logged in (a11y-routes.ts; the logged-out half: a11y-routes-visitor.e2e.ts).

const { open } = useBrowser();

let visits: Visit[] = [];
beforeAll(async () => {
  visits = await routeVisits();
});

describe('axe on every route of the router, logged in: no serious or critical violations', () => {
  for (const pass of passes) {
    it(`logged in as a new student (the demo student, read-only, for its class and report), ${passName(pass)}`, async () => {
      const mine = forPass(
        visits.filter((v) => !v.demo),
        pass,
      );
      const demos = forPass(
        visits.filter((v) => v.demo),
        pass,
      );
      const student = await open();
      await signUpInBrowser(student.page);
      const own = await audit(student.page, mine, pass, 'new student');
      const demo = await open();
      await seedStorage(demo.page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(pass.dark) });
      await gotoApp(demo.page, '/');
      await loginWithPassword(demo.page);
      const theirs = await audit(demo.page, demos, pass, 'demo student');
      expect(own.checked + theirs.checked).toBeGreaterThan(0);
      expect([...own.problems, ...theirs.problems]).toEqual([]);
    }, 600_000);
  }
});
