import { afterAll, afterEach } from 'vitest';
import { cleanUpTestFile, closeOpenApps } from './test-app.ts';

afterEach(async () => {
  await closeOpenApps();
});

afterAll(async () => {
  await cleanUpTestFile();
});
