import { randomInt } from 'node:crypto';
import { LOGIN_TABS, type SendSmsResult, type TokenPair, type UserInfo } from '@app/contract/auth';
import { LOGIN_CLIENT_LABEL } from '@app/contract/constants';
import { apiUrl, type ApiReply, type Lang, type Transport } from './http.ts';
import { waitForCode } from './sms-outbox.ts';

/** A logged-in student, made the way the web app makes one (SPEC.md §2 SMS login). */
export type StudentSession = TokenPair & { mobile: string; studentId: number; challengeId: string };

export type StudentSessionOptions = {
  /** An existing or new phone; a fresh one (uniqueMobile) by default. */
  mobile?: string;
  /** Client address of every call (inject only). */
  ip?: string;
  lang?: Lang;
};

// Random per process, then counted: unique within a process, and tests of several processes or runs
// against one long-lived server rarely meet each other's numbers (and per-phone SMS limits).
let next = randomInt(100_000_000);

/** A valid mainland mobile number (139 + 8 digits), new on every call. */
export function uniqueMobile(): string {
  next = (next + 1) % 100_000_000;
  return `139${String(next).padStart(8, '0')}`;
}

/** The envelope's data of a successful call; otherwise an error that shows the reply. */
export function dataOf<T>(reply: ApiReply, what: string): T {
  if (reply.status !== 200 || reply.envelope?.code !== 200) {
    throw new Error(`${what} answered ${reply.status}: ${reply.body.slice(0, 500)}`);
  }
  return reply.envelope.data as T;
}

/**
 * Sends a login code, reads it from the outbox and logs in by SMS with the send's challenge_id
 * (registering the phone when new, as SPEC.md §2 does), then reads the student's id from
 * getUserInfo.
 */
export async function createStudentSession(
  transport: Transport,
  options: StudentSessionOptions = {},
): Promise<StudentSession> {
  const mobile = options.mobile ?? uniqueMobile();
  const as = {
    ...(options.ip === undefined ? {} : { ip: options.ip }),
    ...(options.lang === undefined ? {} : { lang: options.lang }),
  };
  const send = () =>
    transport.request({ method: 'POST', url: apiUrl('/user/SendLoginSmsCode'), body: { mobile }, ...as });
  let sent = await send();
  // A fixed phone (the demo student) may have had a code within the last minute from another test
  // file: wait out the 60 s resend rule once rather than fail.
  const wait = (sent.envelope?.data as { retry_after_seconds?: number } | null)?.retry_after_seconds;
  if (sent.status === 429 && options.mobile !== undefined && wait !== undefined && wait <= 60) {
    await new Promise((resolve) => setTimeout(resolve, (wait + 1) * 1000));
    sent = await send();
  }
  const { challenge_id: challengeId } = dataOf<SendSmsResult>(sent, 'SendLoginSmsCode');
  const code = await waitForCode(transport.dataDir, mobile);
  const login = await transport.request({
    method: 'POST',
    url: apiUrl('/user/login'),
    body: {
      mobile,
      Code: code,
      currentTab: LOGIN_TABS.sms,
      token: LOGIN_CLIENT_LABEL,
      challenge_id: challengeId,
    },
    ...as,
  });
  const { token, refreshToken } = dataOf<TokenPair>(login, 'login');
  const info = await transport.request({ method: 'GET', url: apiUrl('/user/getUserInfo'), token, ...as });
  const { student_id: studentId } = dataOf<UserInfo>(info, 'getUserInfo');
  return { mobile, studentId, token, refreshToken, challengeId };
}
