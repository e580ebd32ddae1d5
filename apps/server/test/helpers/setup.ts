import { afterAll, afterEach } from 'vitest';
import { recordValidatedReplies, takeReplyFailures } from './reply-validation.ts';
import { cleanUpTestFile, closeOpenApps } from './test-app.ts';

afterEach(async () => {
  await closeOpenApps();
  // A reply of this test that the OpenAPI document does not describe fails the test (issue 39).
  const failures = takeReplyFailures();
  if (failures.length > 0) {
    throw new Error(`Replies that do not match the OpenAPI document:\n${failures.join('\n')}`);
  }
});

afterAll(async () => {
  await cleanUpTestFile();
  recordValidatedReplies(process.env.REPLY_TALLY_DIR);
});
