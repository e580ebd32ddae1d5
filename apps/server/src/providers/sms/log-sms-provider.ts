import { appendFile, chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { maskMobile, smsCodeText, smsNoticeText, type SmsLogger, type SmsProvider } from './sms-provider.ts';

/**
 * The default SMS driver: nothing leaves the machine. Each message becomes one JSON line in
 * `<dataDir>/outbox/sms.jsonl` (and a log line), so a developer or a test can read the code.
 * Each line is written with a single append (O_APPEND), so concurrent sends from several requests
 * or instances sharing the directory never interleave inside a line. The file is 0600 and its
 * directory 0700: it holds codes that log a student in.
 */
export function createLogSmsProvider(options: { dataDir: string; logger: SmsLogger }): SmsProvider {
  const outboxDir = path.join(options.dataDir, 'outbox');
  const outboxFile = path.join(outboxDir, 'sms.jsonl');
  let secured = false;

  async function append(entry: Record<string, unknown>): Promise<void> {
    // Cheap when the directory exists; also recreates it if someone emptied DATA_DIR meanwhile.
    // Owner only (issue 11): the outbox holds live codes; DATA_DIR is created 0700 as well.
    await mkdir(outboxDir, { recursive: true, mode: 0o700 });
    await appendFile(outboxFile, `${JSON.stringify(entry)}\n`, {
      encoding: 'utf8',
      flag: 'a',
      mode: 0o600,
    });
    // The mode above applies to a new file only: tighten one an earlier version left readable.
    if (!secured) {
      await chmod(outboxFile, 0o600);
      secured = true;
    }
  }

  return {
    name: 'log',
    async sendCode({ mobile, code, lang, requestId }) {
      await append({
        at: new Date().toISOString(),
        mobile,
        code,
        text: smsCodeText(code, lang),
        provider: 'log',
      });
      // The code in the log is the point of this driver (development and demos); real drivers never log it.
      options.logger.info(
        { provider: 'log', mobile: maskMobile(mobile), code, requestId },
        'SMS code written to outbox',
      );
    },

    /** A notice line has `template` and an empty `code`, so readers of codes skip it. */
    async sendNotice(message) {
      await append({
        at: new Date().toISOString(),
        mobile: message.mobile,
        code: '',
        template: message.template,
        text: smsNoticeText(message),
        provider: 'log',
      });
      options.logger.info(
        { provider: 'log', mobile: maskMobile(message.mobile), template: message.template },
        'SMS notice written to outbox',
      );
    },
  };
}

/** Where the log driver writes, for tests and tools that read the outbox. */
export function smsOutboxPath(dataDir: string): string {
  return path.join(dataDir, 'outbox', 'sms.jsonl');
}
