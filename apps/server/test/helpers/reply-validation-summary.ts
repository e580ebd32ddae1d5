import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Global set-up of the API suite: a directory where each test file adds the count of replies it had
 * validated against the OpenAPI document (helpers/reply-validation.ts); the total is printed when the
 * run ends, so a run shows how much of the API the check covered.
 */
export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-reply-tally-'));
  // Read by the test workers, which start after this.
  process.env.REPLY_TALLY_DIR = dir;
  return () => {
    let total = 0;
    for (const file of fs.readdirSync(dir)) {
      for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n'))
        total += Number(line) || 0;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    if (total > 0) console.info(`\nAPI replies validated against the OpenAPI document: ${total}`);
  };
}
