import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { maskMobile, smsCodeText, type SmsLogger, type SmsProvider } from './sms-provider.ts';

/**
 * The default SMS driver: nothing leaves the machine. Each message becomes one JSON line in
 * `<dataDir>/outbox/sms.jsonl` (and a log line), so a developer or a test can read the code.
 * Each line is written with a single append (O_APPEND), so concurrent sends from several requests
 * or instances sharing the directory never interleave inside a line.
 */
export function createLogSmsProvider(options: { dataDir: string; logger: SmsLogger }): SmsProvider {
  const outboxDir = path.join(options.dataDir, 'outbox');
  const outboxFile = path.join(outboxDir, 'sms.jsonl');

  return {
    name: 'log',
    async sendCode({ mobile, code, lang, requestId }) {
      // Cheap when the directory exists; also recreates it if someone emptied DATA_DIR meanwhile.
      await mkdir(outboxDir, { recursive: true });
      const entry = {
        at: new Date().toISOString(),
        mobile,
        code,
        text: smsCodeText(code, lang),
        provider: 'log',
      };
      await appendFile(outboxFile, `${JSON.stringify(entry)}\n`, { encoding: 'utf8', flag: 'a' });
      // The code in the log is the point of this driver (development and demos); real drivers never log it.
      options.logger.info(
        { provider: 'log', mobile: maskMobile(mobile), code, requestId },
        'SMS code written to outbox',
      );
    },
  };
}

/** Where the log driver writes, for tests and tools that read the outbox. */
export function smsOutboxPath(dataDir: string): string {
  return path.join(dataDir, 'outbox', 'sms.jsonl');
}
