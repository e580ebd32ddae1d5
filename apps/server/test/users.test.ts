import { describe, expect, it } from 'vitest';
import type { TokenPair } from '@app/contract/auth';
import { message } from '@app/contract/messages';
import type { UserHome, UserProfile } from '@app/contract/users';
import { apiUrl } from '../../../test-support/http.ts';
import { createStudentSession, type StudentSession } from '../../../test-support/students.ts';
import { clientPasswordHash } from '../src/modules/auth/client-password-hash.ts';
import { envelope, get, loginPassword, post, requestCodeAndChallenge, transportOf } from './helpers/auth.ts';
import { DAY, HOUR, giveCard, giveCoins, manualClock, wholeMinute } from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The user centre over HTTP (issue 15): the overview composed from wallet, courses and teachers;
 * setUserInfo's allow-list; avatars checked by their bytes and served with safe headers; the password
 * change that ends the other sessions.
 */

const NOW = wholeMinute(Date.now());

async function setup() {
  const clock = manualClock(NOW);
  const t = await createTestApp({ clock });
  return { t, clock };
}

const login = (t: TestApp) => createStudentSession(transportOf(t));

// ---- tiny valid images, built here -----------------------------------------------------------------
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG_1X1 = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const WEBP_1X1 = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');

function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = `----avatar${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function uploadAvatar(
  t: TestApp,
  session: StudentSession,
  file: Buffer,
  filename = 'me.png',
  type = 'image/png',
  lang: 'en' | 'zh-Hans' = 'en',
) {
  const body = multipart(file, filename, type);
  const reply = await t.app.inject({
    method: 'POST',
    url: apiUrl('/user/uploadAvatar'),
    headers: {
      authorization: `Bearer ${session.token}`,
      'content-type': body.contentType,
      'api-language': lang,
    },
    payload: body.payload,
  });
  return {
    status: reply.statusCode,
    body: JSON.parse(reply.body) as { code: number; data: unknown; msg: string },
  };
}

describe('GET /user/getUserHome', () => {
  it('composes coins, usable cards, the next 3 classes, unread reports and counts for a seeded student', async () => {
    const { t, clock } = await setup();
    const s = await login(t);
    const teacher = await createTeacher(t.db, { price_coins: 100 });
    const other = await createTeacher(t.db, { price_coins: 100 });
    await giveCoins(t.db, t.app.wallet, s.studentId, 1000);
    await giveCard(t.db, t.app.wallet, s.studentId, { type: 200, lessons: 4, expiresAt: NOW + 30 * DAY });
    await giveCard(t.db, t.app.wallet, s.studentId, { type: 200, lessons: 6, expiresAt: NOW + 10 * DAY });
    await giveCard(t.db, t.app.wallet, s.studentId, { type: 200, lessons: 5, expiresAt: NOW - DAY });
    // One class that will be over, then four upcoming ones.
    const soon = await createSlot(t.db, teacher, { start_at: NOW + 2 * HOUR });
    const past = await t.app.courses.book({ studentId: s.studentId, slotId: soon, payType: 'coin' });
    for (let i = 1; i <= 4; i++) {
      const slot = await createSlot(t.db, teacher, { start_at: NOW + i * DAY });
      await t.app.courses.book({ studentId: s.studentId, slotId: slot, payType: 'coin' });
    }
    clock.advance(3 * HOUR);
    await t.app.classReviews.recordTeacherReport(past.id, {
      scores: { speaking: 4 },
      comment: 'Good',
      homework: '',
    });
    // The first access token expired while the clock moved: log in again.
    const again = await createStudentSession(transportOf(t), { mobile: s.mobile });
    for (const teacherId of [teacher, other]) {
      const liked = await post(t, '/user/UserLikeTeacher', { teacher_id: teacherId }, { token: again.token });
      expect(liked.statusCode, liked.body).toBe(200);
    }

    const reply = await get(t, '/user/getUserHome', { token: again.token });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const home = envelope(reply).data as UserHome;
    expect(home.user).toMatchObject({
      student_id: s.studentId,
      student_phone: s.mobile,
      class_reminder: true,
    });
    expect(home.coins).toBe(500);
    expect(home.cards).toEqual({
      usable: 2,
      lessons_left: 10,
      nearest_expiry: new Date(NOW + 10 * DAY).toISOString(),
    });
    expect(home.next_classes).toHaveLength(3);
    expect(home.next_classes.map((c) => c.start)).toEqual(
      [1, 2, 3].map((i) => new Date(NOW + i * DAY).toISOString()),
    );
    expect(home.reports.unread).toBe(1);
    expect(home.reports.latest.map((r) => r.course_id)).toEqual([past.id]);
    expect(home.counts).toEqual({
      upcoming_classes: 4,
      finished_classes: 1,
      attended_classes: 1,
      missed_classes: 0,
      cancelled_classes: 0,
      called_off_classes: 0,
      favourite_teachers: 2,
    });
  });

  it('answers a visitor with 401', async () => {
    const { t } = await setup();
    expect((await get(t, '/user/getUserHome')).statusCode).toBe(401);
  });
});

describe('POST /user/setUserInfo', () => {
  it('changes the allow-listed fields only and returns the new profile', async () => {
    const { t } = await setup();
    const s = await login(t);
    const reply = await post(
      t,
      '/user/setUserInfo',
      {
        student_nick: '  小红  ',
        student_eng_name: "Mary-Jane O'Neil",
        sex: 2,
        birthday: '2001-02-28',
        class_reminder: false,
      },
      { token: s.token },
    );
    expect(reply.statusCode, reply.body).toBe(200);
    expect(envelope(reply).msg).toBe('Profile saved');
    const profile = envelope(reply).data as UserProfile;
    expect(profile).toMatchObject({
      student_nick: '小红',
      student_eng_name: "Mary-Jane O'Neil",
      sex: 2,
      birthday: '2001-02-28',
      class_reminder: false,
      student_phone: s.mobile,
    });
    const info = envelope(await get(t, '/user/getUserInfo', { token: s.token })).data;
    expect(info).toMatchObject({ student_nick: '小红', sex: 2, birthday: '2001-02-28' });
    // Only what is sent changes; null clears the birthday.
    const cleared = await post(t, '/user/setUserInfo', { birthday: null }, { token: s.token });
    expect(envelope(cleared).data).toMatchObject({
      student_nick: '小红',
      birthday: null,
      class_reminder: false,
    });
  });

  it.each([
    ['student_id', 1],
    ['student_phone', '13800138000'],
    ['student_pic', 'https://evil.example/x.svg'],
    ['password', 'a'.repeat(64)],
    ['password_hash', 'x'],
    ['coins', 99999],
    ['mobile', '13800138000'],
  ])('refuses the mass-assignment of %s with a 400 naming it, changing nothing', async (field, value) => {
    const { t } = await setup();
    const s = await login(t);
    const before = envelope(await get(t, '/user/getUserInfo', { token: s.token })).data;
    for (const lang of ['en', 'zh-Hans'] as const) {
      const reply = await post(
        t,
        '/user/setUserInfo',
        { student_nick: 'Hacker', [field]: value },
        { token: s.token, lang },
      );
      expect(reply.statusCode).toBe(400);
      expect(envelope(reply).msg).toBe(message('error.unknownField', lang, { field }));
    }
    expect(envelope(await get(t, '/user/getUserInfo', { token: s.token })).data).toEqual(before);
  });

  it.each([
    [{ student_nick: '   ' }, 'validation.nameRequired'],
    [{ student_eng_name: '' }, 'validation.nameRequired'],
    [{ student_nick: 'n'.repeat(21) }, 'validation.nickTooLong'],
    [{ student_eng_name: 'A'.repeat(41) }, 'validation.engNameInvalid'],
    [{ student_eng_name: '<script>' }, 'validation.engNameInvalid'],
    [{ student_eng_name: 'Leo2' }, 'validation.engNameInvalid'],
    [{ sex: 3 }, 'validation.sexInvalid'],
    [{ birthday: '1899-12-31' }, 'validation.birthdayInvalid'],
    [{ birthday: '2001-02-29' }, 'validation.birthdayInvalid'],
    [{ birthday: '20010101' }, 'validation.birthdayInvalid'],
  ] as const)('refuses %j with its message in both languages', async (body, key) => {
    const { t } = await setup();
    const s = await login(t);
    for (const lang of ['en', 'zh-Hans'] as const) {
      const reply = await post(t, '/user/setUserInfo', body, { token: s.token, lang });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(envelope(reply).msg).toBe(message(key, lang));
    }
  });

  it('refuses a birthday after today on the server clock, accepts today', async () => {
    const { t } = await setup();
    const s = await login(t);
    const tomorrowEverywhere = new Date(NOW + 2 * DAY).toISOString().slice(0, 10);
    const future = await post(t, '/user/setUserInfo', { birthday: tomorrowEverywhere }, { token: s.token });
    expect(future.statusCode).toBe(400);
    expect(envelope(future).msg).toBe(message('validation.birthdayInvalid', 'en'));
    const today = new Date(NOW).toISOString().slice(0, 10);
    expect((await post(t, '/user/setUserInfo', { birthday: today }, { token: s.token })).statusCode).toBe(
      200,
    );
  });
});

describe('POST /user/uploadAvatar', () => {
  it.each([
    ['png', PNG_1X1, 'image/png'],
    ['jpeg', JPEG_1X1, 'image/jpeg'],
    ['webp', WEBP_1X1, 'image/webp'],
  ] as const)(
    'stores a valid %s, serves it with safe headers and removes the one it replaced',
    async (_, file, type) => {
      const { t } = await setup();
      const s = await login(t);
      const first = await uploadAvatar(t, s, PNG_1X1);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const firstUrl = (first.body.data as { student_pic: string }).student_pic;
      // The declared name and type are ignored: the bytes decide.
      const second = await uploadAvatar(t, s, file, 'photo.gif', 'application/octet-stream');
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      const url = (second.body.data as { student_pic: string }).student_pic;
      expect(url).toMatch(/^\/api\/v1\/avatar\/[0-9a-f]{32}\.(png|jpg|webp)$/);
      expect(url).not.toBe(firstUrl);

      const info = envelope(await get(t, '/user/getUserInfo', { token: s.token })).data as {
        student_pic: string;
      };
      expect(info.student_pic).toBe(url);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toMatch(/^inline; filename="avatar\.(png|jpg|webp)"$/);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(file)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    },
  );

  it('refuses a non-image with an image extension and type (400, both languages), storing nothing', async () => {
    const { t } = await setup();
    const s = await login(t);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const [bytes, lang] of [
      [html, 'en'],
      [svg, 'zh-Hans'],
    ] as const) {
      const reply = await uploadAvatar(t, s, bytes, 'avatar.png', 'image/png', lang);
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toBe(message('user.avatarType', lang));
    }
    const info = envelope(await get(t, '/user/getUserInfo', { token: s.token })).data as {
      student_pic: string;
    };
    expect(info.student_pic).toBe('');
  });

  it('refuses a file over 2 MB with 413 and a clear message', async () => {
    const { t } = await setup();
    const s = await login(t);
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]);
    for (const lang of ['en', 'zh-Hans'] as const) {
      const reply = await uploadAvatar(t, s, big, 'big.png', 'image/png', lang);
      expect(reply.status).toBe(413);
      expect(reply.body.msg).toBe(message('user.avatarTooLarge', lang));
    }
  });

  it('refuses a JSON body, a visitor, and names that are not ours', async () => {
    const { t } = await setup();
    const s = await login(t);
    const json = await post(t, '/user/uploadAvatar', { student_pic: 'x' }, { token: s.token });
    expect(json.statusCode).toBe(400);
    expect(envelope(json).msg).toBe(message('user.avatarRequired', 'en'));
    const malformed = await t.app.inject({
      method: 'POST',
      url: apiUrl('/user/uploadAvatar'),
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nbroken',
    });
    expect(malformed.statusCode).toBe(400);
    const visitor = await t.app.inject({ method: 'POST', url: apiUrl('/user/uploadAvatar') });
    expect(visitor.statusCode).toBe(401);
    for (const name of ['..%2F..%2Fapp.db', 'x.svg', `${'a'.repeat(32)}.png`]) {
      expect((await t.app.inject({ method: 'GET', url: apiUrl(`/avatar/${name}`) })).statusCode).toBe(404);
    }
  });
});

describe('upload rate per student', () => {
  it('accepts 30 uploads per 10 minutes, refused or not; the 31st is 429 in the request language and stores nothing', async () => {
    const { t, clock } = await setup();
    const s = await login(t);
    const other = await login(t);
    const html = Buffer.from('<html></html>');
    for (let i = 0; i < 29; i++) expect((await uploadAvatar(t, s, html)).status).toBe(400);
    clock.advance(60_000);
    expect((await uploadAvatar(t, s, PNG_1X1)).status).toBe(200);
    const before = envelope(await get(t, '/user/getUserInfo', { token: s.token })).data as {
      student_pic: string;
    };
    for (const lang of ['en', 'zh-Hans'] as const) {
      const refused = await uploadAvatar(t, s, PNG_1X1, 'me.png', 'image/png', lang);
      expect(refused.status).toBe(429);
      // The first 29 leave the 10-minute window 9 minutes from now.
      expect(refused.body).toMatchObject({ code: 429, data: { retry_after_seconds: 540 } });
      expect(refused.body.msg).toBe(message('files.uploadRateLimited', lang, { minutes: 9 }));
    }
    const after = envelope(await get(t, '/user/getUserInfo', { token: s.token })).data as {
      student_pic: string;
    };
    expect(after.student_pic).toBe(before.student_pic);
    // Per student.
    expect((await uploadAvatar(t, other, PNG_1X1)).status).toBe(200);

    clock.advance(9 * 60_000);
    const token = (
      envelope(await post(t, '/updateToken', { refreshToken: s.refreshToken })).data as TokenPair
    ).token;
    expect((await uploadAvatar(t, { ...s, token }, PNG_1X1)).status).toBe(200);
  });
});

describe('POST /user/setPassword', () => {
  const hashOf = (password: string, mobile: string) => clientPasswordHash(password, mobile);
  const hasPassword = async (t: TestApp, token: string) =>
    (envelope(await get(t, '/user/getUserInfo', { token })).data as { has_password: boolean }).has_password;

  it('sets a password for an SMS-registered student with a fresh SMS code, revokes the other sessions and keeps this one', async () => {
    const { t, clock } = await setup();
    const elsewhere = await login(t);
    clock.advance(61_000); // the per-phone resend interval
    const here = await createStudentSession(transportOf(t), { mobile: elsewhere.mobile });
    expect(await hasPassword(t, here.token)).toBe(false);
    clock.advance(61_000);
    const { code, challengeId } = await requestCodeAndChallenge(t, here.mobile);
    const hash = hashOf('new-pass-123', here.mobile);
    const reply = await post(
      t,
      '/user/setPassword',
      { password: hash, code, challenge_id: challengeId },
      { token: here.token },
    );
    expect(reply.statusCode, reply.body).toBe(200);
    expect(envelope(reply)).toMatchObject({ msg: 'Password changed', data: { revoked_sessions: 1 } });
    expect(await hasPassword(t, here.token)).toBe(true);
    const home = envelope(await get(t, '/user/getUserHome', { token: here.token })).data as UserHome;
    expect(home.user.has_password).toBe(true);

    expect((await get(t, '/user/getUserInfo', { token: here.token })).statusCode).toBe(200);
    expect((await get(t, '/user/getUserInfo', { token: elsewhere.token })).statusCode).toBe(401);
    const refresh = await post(t, '/updateToken', { refreshToken: elsewhere.refreshToken });
    expect(refresh.statusCode).toBe(401);
    // This session's refresh still works; the new password logs in.
    expect((await post(t, '/updateToken', { refreshToken: here.refreshToken })).statusCode).toBe(200);
    const byPassword = await loginPassword(t, here.mobile, 'new-pass-123');
    expect(byPassword.statusCode, byPassword.body).toBe(200);
    expect((envelope(byPassword).data as TokenPair).token).toBeTruthy();
    const stored = await t.db
      .selectFrom('student')
      .select('password_hash')
      .where('id', '=', here.studentId)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toBeNull();
    expect(stored.password_hash).not.toContain(hash);
    // The code was used up: it cannot change the password a second time.
    const again = await post(
      t,
      '/user/setPassword',
      { password: hashOf('other-pass-1', here.mobile), code, challenge_id: challengeId },
      { token: here.token },
    );
    expect(again.statusCode).toBe(400);
  });

  it('asks an account without a password for an SMS code, and refuses a wrong one, in the request language', async () => {
    const { t, clock } = await setup();
    const s = await login(t);
    const password = hashOf('new-pass-123', s.mobile);
    for (const lang of ['en', 'zh-Hans'] as const) {
      const reply = await post(t, '/user/setPassword', { password }, { token: s.token, lang });
      expect(reply.statusCode).toBe(400);
      expect(envelope(reply).msg).toBe(message('user.codeRequired', lang));
      // An old password proves nothing for an account that has none.
      const withOld = await post(
        t,
        '/user/setPassword',
        { password, old_password: hashOf('guess-123', s.mobile) },
        { token: s.token, lang },
      );
      expect(withOld.statusCode).toBe(400);
      expect(envelope(withOld).msg).toBe(message('user.codeRequired', lang));
    }
    clock.advance(61_000);
    const { code, challengeId } = await requestCodeAndChallenge(t, s.mobile);
    const wrong = code === '000000' ? '000001' : '000000';
    for (const lang of ['en', 'zh-Hans'] as const) {
      const reply = await post(
        t,
        '/user/setPassword',
        { password, code: wrong, challenge_id: challengeId },
        { token: s.token, lang },
      );
      expect(reply.statusCode).toBe(400);
      expect(envelope(reply).msg).toBe(message('auth.codeInvalid', lang));
    }
    expect(await hasPassword(t, s.token)).toBe(false);
  });

  it('requires the current password once the account has one; a wrong one is a 400 in the request language', async () => {
    const { t, clock } = await setup();
    const s = await login(t);
    clock.advance(61_000);
    const first = await requestCodeAndChallenge(t, s.mobile);
    const set = await post(
      t,
      '/user/setPassword',
      { password: hashOf('first-pass-1', s.mobile), code: first.code, challenge_id: first.challengeId },
      { token: s.token },
    );
    expect(set.statusCode, set.body).toBe(200);

    const next = hashOf('second-pass-2', s.mobile);
    for (const lang of ['en', 'zh-Hans'] as const) {
      const missing = await post(t, '/user/setPassword', { password: next }, { token: s.token, lang });
      expect(missing.statusCode).toBe(400);
      expect(envelope(missing).msg).toBe(message('user.oldPasswordRequired', lang));
      const wrong = await post(
        t,
        '/user/setPassword',
        { password: next, old_password: hashOf('not-it-123', s.mobile) },
        { token: s.token, lang },
      );
      expect(wrong.statusCode).toBe(400);
      expect(envelope(wrong).msg).toBe(message('user.oldPasswordWrong', lang));
    }
    const right = await post(
      t,
      '/user/setPassword',
      { password: next, old_password: hashOf('first-pass-1', s.mobile) },
      { token: s.token },
    );
    expect(right.statusCode, right.body).toBe(200);
    expect((await loginPassword(t, s.mobile, 'second-pass-2')).statusCode).toBe(200);
    expect((await loginPassword(t, s.mobile, 'first-pass-1')).statusCode).toBe(400);

    // A student who forgot it proves the phone instead, with a fresh SMS code.
    clock.advance(61_000);
    const sms = await requestCodeAndChallenge(t, s.mobile);
    const bySms = await post(
      t,
      '/user/setPassword',
      { password: hashOf('third-pass-3', s.mobile), code: sms.code, challenge_id: sms.challengeId },
      { token: s.token },
    );
    expect(bySms.statusCode, bySms.body).toBe(200);
    expect((await loginPassword(t, s.mobile, 'third-pass-3')).statusCode).toBe(200);
  });

  it('allows 5 tries per student per 15 minutes: the 6th, even a right one, is 429 with retry_after_seconds', async () => {
    const { t, clock } = await setup();
    const s = await login(t);
    await t.app.students.setPasswordHash(
      s.studentId,
      await t.app.auth.hasher.hash(hashOf('right-pass-1', s.mobile)),
    );
    const other = await login(t);
    const tryOld = (student: StudentSession, old: string, lang: 'en' | 'zh-Hans' = 'en') =>
      post(
        t,
        '/user/setPassword',
        { password: hashOf('brand-new-9', student.mobile), old_password: hashOf(old, student.mobile) },
        { token: student.token, lang },
      );
    for (let i = 0; i < 5; i++) {
      clock.advance(60_000);
      expect((await tryOld(s, `wrong-${i}-pass`)).statusCode).toBe(400);
    }
    for (const lang of ['en', 'zh-Hans'] as const) {
      const refused = await tryOld(s, 'right-pass-1', lang);
      expect(refused.statusCode).toBe(429);
      const body = envelope(refused);
      // The oldest of the 5 (4 minutes ago) leaves the 15-minute window 11 minutes from now.
      expect(body).toMatchObject({ code: 429, data: { retry_after_seconds: 660 } });
      expect(body.msg).toBe(message('user.passwordTriesLimited', lang, { minutes: 11 }));
    }
    // Per student: another student is not affected.
    const others = await tryOld(other, 'anything-1');
    expect(envelope(others).msg).toBe(message('user.codeRequired', 'en'));

    clock.advance(11 * 60_000);
    const token = (
      envelope(await post(t, '/updateToken', { refreshToken: s.refreshToken })).data as TokenPair
    ).token;
    const after = await tryOld({ ...s, token }, 'right-pass-1');
    expect(after.statusCode, after.body).toBe(200);
  });

  it('refuses a password that is not the 64-hex client hash', async () => {
    const { t } = await setup();
    const s = await login(t);
    for (const password of ['demo1234', 'A'.repeat(64), '']) {
      const reply = await post(t, '/user/setPassword', { password }, { token: s.token, lang: 'zh-Hans' });
      expect(reply.statusCode).toBe(400);
      expect(envelope(reply).msg).toBe(message('validation.checkInput', 'zh-Hans'));
    }
    for (const bad of [
      { old_password: 'x' },
      { code: '12' },
      { code: 123456 },
      { challenge_id: 'x'.repeat(65) },
    ]) {
      const reply = await post(
        t,
        '/user/setPassword',
        { password: 'a'.repeat(64), ...bad },
        { token: s.token },
      );
      expect(reply.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await post(t, '/user/setPassword', { password: 'a'.repeat(64) })).statusCode).toBe(401);
  });
});
