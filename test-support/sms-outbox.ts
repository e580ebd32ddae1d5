import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The SMS outbox of the `log` driver (apps/server/src/providers/sms/log-sms-provider.ts): one JSON
 * line per message in `<DATA_DIR>/outbox/sms.jsonl`. Tests read codes from it as a student reads
 * them from the phone.
 */

export type OutboxEntry = { at: string; mobile: string; code: string; text: string; provider: string };

export const smsOutboxFile = (dataDir: string): string => join(dataDir, 'outbox', 'sms.jsonl');

export function readOutbox(dataDir: string): OutboxEntry[] {
  const file = smsOutboxFile(dataDir);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry);
}

/** The newest code sent to `mobile`, or undefined when none was. */
export function findLastCode(dataDir: string, mobile: string): string | undefined {
  return (
    readOutbox(dataDir)
      // Notices (class reminders) carry no code.
      .filter((entry) => entry.mobile === mobile && entry.code !== '')
      .at(-1)?.code
  );
}

/** The newest code sent to `mobile`; throws when there is none. */
export function lastCodeFor(dataDir: string, mobile: string): string {
  const code = findLastCode(dataDir, mobile);
  if (code === undefined) throw new Error(`no SMS in ${smsOutboxFile(dataDir)} for ${mobile}`);
  return code;
}

/**
 * The newest code sent to `mobile`, waiting for it: a browser test reads the outbox while the
 * server may still be answering the click that sends the code.
 */
export async function waitForCode(dataDir: string, mobile: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = findLastCode(dataDir, mobile);
    if (code !== undefined) return code;
    if (Date.now() >= deadline) return lastCodeFor(dataDir, mobile);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
