import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { CourseItem } from '@app/contract/courses';
import type { FeedbackItem } from '@app/contract/feedback';
import type { MyFileList } from '@app/contract/files';
import type { IeltsIssue, IeltsIssueDetail } from '@app/contract/ielts';
import type { Page } from '@app/contract/paging';
import type { CreatedOrder, ProductList } from '@app/contract/payments';
import { apiUrl } from '../../../test-support/http.ts';
import { dataOf } from '../../../test-support/students.ts';
import type { RawNotification } from '../src/providers/payment/payment-provider.ts';
import { NOTIFICATION_MAX_SKEW_MS } from '../src/providers/payment/sandbox.ts';
import { transportOf } from './helpers/auth.ts';
import { DAY, giveCoins, wholeMinute } from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import {
  renewedSession,
  adjustCoins,
  auditRows,
  coinAdjustmentStep,
  coinsOf,
  flags,
  setupOps,
  studentSession,
  type OpsCtx,
  type OpsStudent,
} from './helpers/ops.ts';

/**
 * The operations CLI's catalogue, payment, complaint, courseware and IELTS commands (issue 17), run
 * in-process through `runOps` on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * each happy path as the API then shows it, each refusal (exit 1, nothing changed, no audit record)
 * and bad input (exit 2), the audit record of each change, and a randomized mix of commands and API
 * calls after which the ledger audit passes.
 */

const NOW = wholeMinute(Date.now());
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-catalogue-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const setup = () => setupOps(NOW);

function api(ctx: OpsCtx, method: 'GET' | 'POST', url: string, body?: unknown, as?: OpsStudent) {
  return transportOf(ctx.t).request({
    method,
    url: apiUrl(url),
    ...(body === undefined ? {} : { body }),
    ...(as ? { token: as.token, ip: as.ip } : {}),
    headers: { 'user-agent': DESKTOP },
  });
}

async function productList(ctx: OpsCtx): Promise<ProductList> {
  return dataOf<ProductList>(await api(ctx, 'GET', '/pay/getProductList'), 'products');
}

function orderStatus(ctx: OpsCtx, orderNo: string) {
  return ctx.t.db
    .selectFrom('pay_order')
    .select(['status', 'flagged'])
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
}

/** The student pays at the sandbox's cashier, but its notification never arrives (it is returned, not sent). */
function payLost(ctx: OpsCtx, order: CreatedOrder): Promise<RawNotification> {
  return ctx.t.app.payments.sandbox!.pay(
    { orderNo: order.order_no, amountFen: order.amount_fen },
    ctx.clock.now(),
  );
}

async function notify(ctx: OpsCtx, raw: RawNotification) {
  const reply = await ctx.t.app.inject({
    method: 'POST',
    url: apiUrl('/pay/notify/sandbox'),
    headers: raw.headers as Record<string, string>,
    payload: raw.rawBody,
  });
  return reply.statusCode;
}

async function expectAuditPasses(ctx: OpsCtx) {
  const audit = await ctx.ops('ledger', 'audit');
  expect(audit.stdout).toBe('ledger audit: no violation');
  expect(audit.code).toBe(0);
}

describe('ops: product add, update, retire', () => {
  it('adds a coin package with bonus and a card package, shown by getProductList and sold; each audited', async () => {
    const ctx = await setup();
    const coin = await ctx.ops(
      'product',
      'add',
      ...flags({ kind: 'coin', price: '88.80', coins: '888', bonus: '88' }),
    );
    expect(coin.code).toBe(0);
    const coinId = Number(/package (\d+)/.exec(coin.stdout)?.[1]);
    expect(coin.stdout).toBe(
      `added package ${coinId} (coin): 888 coins + 88 bonus, ¥88.80, "888 学币" / "888 study coins"`,
    );
    const card = await ctx.ops(
      'product',
      'add',
      ...flags({
        kind: 'card',
        'card-type': '100',
        lessons: '12',
        days: '120',
        price: '1600',
        'title-en': 'Twelve with your teacher',
      }),
    );
    expect(card.code).toBe(0);
    const cardId = Number(/package (\d+)/.exec(card.stdout)?.[1]);

    const list = await productList(ctx);
    expect(list.products.find((p) => p.id === coinId)).toMatchObject({
      kind: 'coin',
      price_fen: 8880,
      coins: 888,
      bonus_coins: 88,
      card_type: null,
      title_zh: '888 学币',
    });
    expect(list.products.find((p) => p.id === cardId)).toMatchObject({
      kind: 'card',
      price_fen: 160000,
      card_type: 100,
      lessons: 12,
      validity_days: 120,
      title_zh: '专属老师卡 12 课时',
      title_en: 'Twelve with your teacher',
    });

    // Sold and credited: 888 + 88 bonus through a sandbox payment.
    const s = await studentSession(ctx);
    const order = dataOf<CreatedOrder>(
      await api(ctx, 'POST', '/pay/createOrder', { product_id: coinId, pay_method: 'alipay' }, s),
      'createOrder',
    );
    expect(order.amount_fen).toBe(8880);
    expect(await notify(ctx, await payLost(ctx, order))).toBe(204);
    expect(await coinsOf(ctx, s.studentId)).toBe(976);

    const updated = await ctx.ops(
      'product',
      'update',
      ...flags({ product: coinId, price: '99', bonus: '100' }),
    );
    expect(updated).toMatchObject({ code: 0 });
    expect((await productList(ctx)).products.find((p) => p.id === coinId)).toMatchObject({
      price_fen: 9900,
      bonus_coins: 100,
      coins: 888,
    });
    // The paid order keeps what it bought.
    const snapshot = await ctx.t.db
      .selectFrom('pay_order')
      .select('product')
      .where('order_no', '=', order.order_no)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(snapshot.product)).toMatchObject({ price_fen: 8880, bonus_coins: 88 });

    expect((await ctx.ops('product', 'retire', '--product', String(coinId))).code).toBe(0);
    expect((await productList(ctx)).products.some((p) => p.id === coinId)).toBe(false);
    const refused = await api(
      ctx,
      'POST',
      '/pay/createOrder',
      { product_id: coinId, pay_method: 'alipay' },
      s,
    );
    expect(refused.status).toBe(422);
    expect((await ctx.ops('product', 'update', '--product', String(coinId), '--active', '1')).code).toBe(0);
    expect((await productList(ctx)).products.some((p) => p.id === coinId)).toBe(true);

    const audit = await auditRows(ctx);
    expect(audit.map((a) => [a.actor, a.command])).toEqual([
      ['tester', 'product add'],
      ['tester', 'product add'],
      ['tester', 'product update'],
      ['tester', 'product retire'],
      ['tester', 'product update'],
    ]);
    expect(audit[0]).toMatchObject({
      before: null,
      after: { id: coinId, price_fen: 8880, bonus_coins: 88, active: 1 },
      at: NOW,
    });
    expect(audit[2]).toMatchObject({
      before: { price_fen: 8880, bonus_coins: 88 },
      after: { price_fen: 9900, bonus_coins: 100 },
    });
    expect(audit[3]).toMatchObject({ before: { active: 1 }, after: { active: 0 } });
    await expectAuditPasses(ctx);
  });

  it('refuses what is not sellable or makes no sense (1) and bad input (2), writing nothing', async () => {
    const ctx = await setup();
    const before = (await productList(ctx)).products;
    const bad: [string[], string][] = [
      [['--kind', 'coin', '--price', '10'], '--coins: a coin package needs --coins'],
      [
        ['--kind', 'coin', '--price', '10', '--coins', '10', '--lessons', '3'],
        '--lessons: a coin package takes no --lessons',
      ],
      [
        ['--kind', 'card', '--price', '10', '--lessons', '3', '--days', '30'],
        '--card-type: a card package needs --card-type 100 or 200',
      ],
      [
        ['--kind', 'card', '--price', '10', '--card-type', '300', '--lessons', '3', '--days', '30'],
        '--card-type: card-type is 100 or 200',
      ],
      [
        ['--kind', 'coin', '--price', '9.999', '--coins', '10'],
        '--price: the price is in yuan with at most 2 decimals, e.g. 99 or 99.50',
      ],
      [['--kind', 'coin', '--price', '0', '--coins', '10'], '--price: the price is at least 0.01 yuan'],
      [['--kind', 'gold', '--price', '1', '--coins', '10'], '--kind: kind is coin or card'],
    ];
    for (const [args, problem] of bad) {
      const outcome = await ctx.ops('product', 'add', ...args);
      expect(outcome.code, args.join(' ')).toBe(2);
      expect(outcome.stderr.split('\n')[0]).toBe(problem);
    }
    const coinPackage = before.find((p) => p.kind === 'coin')!;
    const refusals: [string[], string][] = [
      [['update', '--product', '99999', '--price', '1'], 'Refused: no package 99999'],
      [
        ['update', '--product', String(coinPackage.id)],
        'Refused: nothing to change: give at least one field',
      ],
      [
        ['update', '--product', String(coinPackage.id), '--lessons', '5'],
        'Refused: a coin package has no card type, lessons or validity',
      ],
      [['retire', '--product', '99999'], 'Refused: no package 99999'],
    ];
    for (const [args, stderr] of refusals) {
      expect(await ctx.ops('product', ...args)).toEqual({ code: 1, stdout: '', stderr });
    }
    expect((await ctx.ops('product', 'retire', '--product', String(coinPackage.id))).code).toBe(0);
    expect(await ctx.ops('product', 'retire', '--product', String(coinPackage.id))).toEqual({
      code: 1,
      stdout: '',
      stderr: `Refused: package ${coinPackage.id} is retired already`,
    });
    expect((await auditRows(ctx)).map((a) => a.command)).toEqual(['product retire']);
  });
});

describe('ops: order reconcile', () => {
  it('credits a payment whose notification was lost, once; again and a late notification change nothing', async () => {
    const ctx = await setup();
    const products = await productList(ctx);
    const coinPackage = products.products.find((p) => p.kind === 'coin' && p.bonus_coins > 0)!;
    const s = await studentSession(ctx);
    const paid = dataOf<CreatedOrder>(
      await api(ctx, 'POST', '/pay/createOrder', { product_id: coinPackage.id, pay_method: 'wechat' }, s),
      'createOrder',
    );
    const unpaid = dataOf<CreatedOrder>(
      await api(ctx, 'POST', '/pay/createOrder', { product_id: coinPackage.id, pay_method: 'wechat' }, s),
      'createOrder',
    );
    const lost = await payLost(ctx, paid);
    expect((await orderStatus(ctx, paid.order_no)).status).toBe(0);

    const run = await ctx.ops('order', 'reconcile');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      `order ${paid.order_no}: provider says paid (transaction SBX${paid.order_no}, ${paid.amount_fen} fen) → credited; now paid`,
      `order ${unpaid.order_no}: provider says awaiting; now awaiting payment`,
      '2 order(s) checked, 1 credited',
    ]);
    const credited = coinPackage.coins + coinPackage.bonus_coins;
    expect(await coinsOf(ctx, s.studentId)).toBe(credited);
    const events = await ctx.t.db
      .selectFrom('payment_event')
      .select(['source', 'outcome'])
      .where('order_no', '=', paid.order_no)
      .execute();
    expect(events).toEqual([{ source: 'reconcile', outcome: 'credited' }]);

    // Again: the paid order is no longer awaiting; one order by number that is paid is refused.
    expect((await ctx.ops('order', 'reconcile')).stdout).toContain('1 order(s) checked, 0 credited');
    expect(await ctx.ops('order', 'reconcile', '--order', paid.order_no)).toEqual({
      code: 1,
      stdout: '',
      stderr: `Refused: order ${paid.order_no} is paid already (transaction SBX${paid.order_no})`,
    });
    expect(await notify(ctx, lost)).toBe(204);
    expect(await coinsOf(ctx, s.studentId)).toBe(credited);

    const audit = await auditRows(ctx);
    expect(audit.map((a) => a.command)).toEqual(['order reconcile', 'order reconcile']);
    expect(audit[0]).toMatchObject({
      before: [
        { order_no: paid.order_no, status: 0 },
        { order_no: unpaid.order_no, status: 0 },
      ],
      after: [
        { order_no: paid.order_no, status: 200, provider_says: 'paid', outcome: 'credited' },
        { order_no: unpaid.order_no, status: 0, provider_says: 'awaiting' },
      ],
    });
    await expectAuditPasses(ctx);
  });

  it('every awaiting order in the reconciliation job order: never asked first, then least recently asked, settled last', async () => {
    const ctx = await setup();
    const coinPackage = (await productList(ctx)).products.find((p) => p.kind === 'coin')!;
    const s = await studentSession(ctx);
    const order = async () =>
      dataOf<CreatedOrder>(
        await api(ctx, 'POST', '/pay/createOrder', { product_id: coinPackage.id, pay_method: 'wechat' }, s),
        'createOrder',
      ).order_no;
    // Created oldest first: settled by the job, asked about a while ago, never asked.
    const [settled, asked, fresh] = [await order(), await order(), await order()];
    const setNextCheck = (orderNo: string, at: number | null) =>
      ctx.t.db.updateTable('pay_order').set({ check_next_at: at }).where('order_no', '=', orderNo).execute();
    await setNextCheck(settled, null);
    await setNextCheck(asked, NOW + 60_000);

    const checked = async (...args: string[]) =>
      (await ctx.ops('order', 'reconcile', ...args)).stdout
        .split('\n')
        .flatMap((line) => /^order (\S+):/.exec(line)?.[1] ?? []);
    expect(await checked()).toEqual([fresh, asked, settled]);
    expect(await checked('--limit', '2')).toEqual([fresh, asked]);
  });

  it('one order by number: a closed order paid at the provider is credited and flagged; unpaid and unknown ones', async () => {
    const ctx = await setup();
    const card = (await productList(ctx)).products.find((p) => p.kind === 'card' && p.card_type === 200)!;
    const s = await studentSession(ctx);
    const order = dataOf<CreatedOrder>(
      await api(ctx, 'POST', '/pay/createOrder', { product_id: card.id, pay_method: 'alipay' }, s),
      'createOrder',
    );
    const notPaid = await ctx.ops('order', 'reconcile', '--order', order.order_no);
    expect(notPaid.code).toBe(0);
    expect(notPaid.stdout).toContain('Not paid at the provider: nothing to credit');
    await payLost(ctx, order);
    ctx.clock.advance(ctx.t.config.ORDER_TTL_MINUTES * 60_000 + 1);
    await ctx.t.app.payments.closeExpiredOrders();
    expect((await orderStatus(ctx, order.order_no)).status).toBe(500);
    // Every awaiting order: the closed one is not among them; by number it is.
    expect((await ctx.ops('order', 'reconcile')).stdout).toBe('0 order(s) checked, 0 credited');
    const done = await ctx.ops('order', 'reconcile', '--order', order.order_no);
    expect(done.stdout).toContain('→ credited_after_close; now paid');
    expect(await orderStatus(ctx, order.order_no)).toEqual({ status: 200, flagged: 1 });
    const cards = await ctx.t.db
      .selectFrom('lesson_card')
      .select(['type', 'lessons_left'])
      .where('student_id', '=', s.studentId)
      .execute();
    expect(cards).toEqual([{ type: 200, lessons_left: card.lessons }]);

    expect(await ctx.ops('order', 'reconcile', '--order', 'NOPE123')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Refused: no order NOPE123',
    });
    const bad = await ctx.ops('order', 'reconcile', '--order', 'x y');
    expect(bad.code).toBe(2);
    expect(bad.stderr.split('\n')[0]).toBe('--order: order is an order number (letters and digits)');
    expect((await ctx.ops('order', 'reconcile', '--limit', '0')).code).toBe(2);
    expect((await auditRows(ctx)).map((a) => a.command)).toEqual([
      'order reconcile',
      'order reconcile',
      'order reconcile',
    ]);
    await expectAuditPasses(ctx);
  });
});

describe('ops: complaints', () => {
  it('reply (0 → 1, shown in getFeedbackList), close (1 → 2); refuses going back, a closed one, an unknown one', async () => {
    const ctx = await setup();
    const s = await studentSession(ctx);
    const filed = dataOf<{ id: number }>(
      await api(
        ctx,
        'POST',
        '/user/addStudentComplaint',
        { type: 'course', content: 'The teacher was late' },
        s,
      ),
      'complaint',
    );
    const id = String(filed.id);
    ctx.clock.advance(60_000);
    const reply = await ctx.ops(
      'complaint',
      'reply',
      ...flags({ complaint: id, text: 'Sorry: we gave you a lesson back.' }),
    );
    expect(reply).toEqual({
      code: 0,
      stderr: '',
      stdout: `complaint ${id}: replied; state 0 (pending) → 1 (processed)`,
    });
    const list = dataOf<Page<FeedbackItem>>(
      await api(ctx, 'GET', '/user/other/getFeedbackList?current=1&size=10', undefined, s),
      'list',
    );
    expect(list.records[0]).toMatchObject({
      id: filed.id,
      state: 1,
      reply: 'Sorry: we gave you a lesson back.',
      reply_at: new Date(NOW + 60_000).toISOString(),
    });
    // A processed complaint takes a new reply and stays processed.
    expect(
      (await ctx.ops('complaint', 'reply', '--complaint', id, '--text', 'And a coupon.')).stdout,
    ).toContain('state 1 (processed) → 1 (processed)');
    expect(await ctx.ops('complaint', 'state', '--complaint', id, '--state', '1')).toEqual({
      code: 1,
      stdout: '',
      stderr: `Refused: complaint ${id} is processed already: a complaint only moves 0 → 1 → 2`,
    });
    expect((await ctx.ops('complaint', 'state', '--complaint', id, '--state', '2')).stdout).toBe(
      `complaint ${id}: state 1 (processed) → 2 (closed)`,
    );
    for (const args of [
      ['state', '--state', '2'],
      ['reply', '--text', 'more'],
    ]) {
      expect(await ctx.ops('complaint', args[0]!, '--complaint', id, ...args.slice(1))).toEqual({
        code: 1,
        stdout: '',
        stderr: `Refused: complaint ${id} is closed (2): it takes no reply or change`,
      });
    }
    expect((await ctx.ops('complaint', 'reply', '--complaint', '99999', '--text', 'x')).stderr).toBe(
      'Refused: no complaint 99999',
    );
    const empty = await ctx.ops('complaint', 'reply', '--complaint', id, '--text', '  ');
    expect(empty.code).toBe(2);
    expect(empty.stderr.split('\n')[0]).toBe('--text: the reply is required (--text "…")');
    expect((await ctx.ops('complaint', 'state', '--complaint', id, '--state', '0')).code).toBe(2);

    const final = dataOf<Page<FeedbackItem>>(
      await api(ctx, 'GET', '/user/other/getFeedbackList?current=1&size=10', undefined, s),
      'list',
    );
    expect(final.records[0]).toMatchObject({ state: 2, reply: 'And a coupon.' });
    const audit = await auditRows(ctx);
    expect(audit.map((a) => a.command)).toEqual(['complaint reply', 'complaint reply', 'complaint state']);
    expect(audit[0]).toMatchObject({
      before: { complaint_id: filed.id, state: 0, reply: null, reply_at: null },
      after: {
        complaint_id: filed.id,
        state: 1,
        reply: 'Sorry: we gave you a lesson back.',
        reply_at: NOW + 60_000,
      },
    });
    expect(audit[2]).toMatchObject({ before: { state: 1 }, after: { state: 2 } });
  });
});

describe('ops: courseware add', () => {
  async function bookedClass(ctx: OpsCtx, s: OpsStudent) {
    const teacher = await createTeacher(ctx.t.db, { price_coins: 100 });
    await giveCoins(ctx.t.db, ctx.t.app.wallet, s.studentId, 100);
    const slotId = await createSlot(ctx.t.db, teacher, { start_at: NOW + 2 * DAY, minutes: 25 });
    return dataOf<CourseItem>(
      await api(ctx, 'POST', '/course/bookCourse', { slot_id: slotId, pay_type: 'coin' }, s),
      'book',
    ).id;
  }

  it('copies a directory into folders with kinds detected, attached to a class; the folder path is reused', async () => {
    const ctx = await setup();
    const s = await studentSession(ctx);
    const courseId = await bookedClass(ctx, s);
    const dir = fs.mkdtempSync(path.join(tmp, 'unit-'));
    fs.writeFileSync(path.join(dir, 'Reading.pdf'), 'pdf bytes');
    fs.writeFileSync(path.join(dir, '.DS_Store'), 'x');
    fs.mkdirSync(path.join(dir, 'Audio'));
    fs.writeFileSync(path.join(dir, 'Audio', 'Track 1.mp3'), 'mp3 bytes!');

    const done = await ctx.ops(
      'courseware',
      'add',
      ...flags({ student: s.mobile, folder: 'IELTS/Unit 3', path: dir, class: courseId }),
    );
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('2 file(s) added');
    expect(done.stdout).toContain('skipped (hidden or not a regular file)');
    const root = dataOf<MyFileList>(
      await api(ctx, 'GET', '/user/file/myFile?file_pid=0', undefined, s),
      'root',
    );
    expect(root.records.map((r) => [r.name, r.is_folder])).toEqual([['IELTS', true]]);
    const ielts = dataOf<MyFileList>(
      await api(ctx, 'GET', `/user/file/myFile?file_pid=${root.records[0]!.id}`, undefined, s),
      'ielts',
    );
    const unit = ielts.records[0]!;
    expect(unit.name).toBe('Unit 3');
    const inUnit = dataOf<MyFileList>(
      await api(ctx, 'GET', `/user/file/myFile?file_pid=${unit.id}`, undefined, s),
      'unit',
    );
    expect(inUnit.records.map((r) => [r.name, r.kind, r.size_bytes, r.course_id])).toEqual([
      ['Audio', 'folder', 0, null],
      ['Reading.pdf', 'pdf', 9, courseId],
    ]);
    const audio = dataOf<MyFileList>(
      await api(ctx, 'GET', `/user/file/myFile?file_pid=${inUnit.records[0]!.id}`, undefined, s),
      'audio',
    );
    expect(audio.records.map((r) => [r.name, r.kind, r.size_bytes])).toEqual([['Track 1.mp3', 'audio', 10]]);
    expect((await ctx.t.app.files.listForCourse(s.studentId, courseId)).map((f) => f.name)).toEqual([
      'Reading.pdf',
      'Track 1.mp3',
    ]);

    // The same folder path again: reused, a renamed single file added next to the others.
    const single = path.join(tmp, 'notes.docx');
    fs.writeFileSync(single, 'docx');
    const again = await ctx.ops(
      'courseware',
      'add',
      ...flags({
        student: s.studentId,
        folder: 'IELTS/Unit 3',
        path: single,
        name: 'Teacher notes.docx',
      }),
    );
    expect(again.stdout).toBe(
      `student ${s.studentId}: folder ${unit.id}\n  file ${Number(/file (\d+)/.exec(again.stdout)?.[1])}: Teacher notes.docx (word, 4 bytes)\n1 file(s) added`,
    );
    const audit = await auditRows(ctx);
    expect(audit.map((a) => a.command)).toEqual(['courseware add', 'courseware add']);
    expect(audit[0]).toMatchObject({
      before: null,
      after: {
        student_id: s.studentId,
        folder_id: unit.id,
        class_id: courseId,
        created_folders: [root.records[0]!.id, unit.id, inUnit.records[0]!.id],
      },
    });
    expect((audit[1]!.after as { created_folders: number[] }).created_folders).toEqual([]);
  });

  it("refuses another student's class or folder and a missing path, leaving no row and no stored file", async () => {
    const ctx = await setup();
    const [s, other] = [await studentSession(ctx), await studentSession(ctx)];
    const otherClass = await bookedClass(ctx, other);
    const file = path.join(tmp, 'a.pdf');
    fs.writeFileSync(file, 'a');
    const storeDir = path.join(ctx.t.config.DATA_DIR, 'files');
    const stored = () => (fs.existsSync(storeDir) ? fs.readdirSync(storeDir, { recursive: true }).length : 0);
    const storedBefore = stored();
    expect(
      await ctx.ops('courseware', 'add', ...flags({ student: s.studentId, path: file, class: otherClass })),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr: `Refused: class ${otherClass} is not a class of student ${s.studentId}`,
    });
    const otherFolder = await ctx.t.app.files.createFolder(other.studentId, { name: 'Theirs' });
    expect(
      (
        await ctx.ops(
          'courseware',
          'add',
          ...flags({ student: s.studentId, parent: otherFolder, path: file }),
        )
      ).stderr,
    ).toBe(`Refused: folder ${otherFolder} is not a folder of student ${s.studentId}`);
    expect(
      (
        await ctx.ops(
          'courseware',
          'add',
          ...flags({ student: s.studentId, path: path.join(tmp, 'nope.pdf') }),
        )
      ).stderr,
    ).toBe(`Refused: ${path.join(tmp, 'nope.pdf')} does not exist or cannot be read`);
    expect((await ctx.ops('courseware', 'add', '--student', '99999', '--path', file)).stderr).toBe(
      'Refused: no student 99999',
    );
    const none = await ctx.ops('courseware', 'add', '--student', String(s.studentId));
    expect(none.code).toBe(2);
    expect(none.stderr.split('\n')[0]).toBe('--path: give --path (a file or directory) and/or --folder');
    // Refused before or after storing, nothing stored stays (a rollback removes the objects it stored).
    expect(stored()).toBe(storedBefore);
    const rows = await ctx.t.db
      .selectFrom('courseware_item')
      .select('id')
      .where('student_id', '=', s.studentId)
      .execute();
    expect(rows).toEqual([]);
    expect(await auditRows(ctx)).toEqual([]);
  });
});

describe('ops: ielts import', () => {
  const topic = (key: string, questions: number, sampled: boolean) => ({
    key,
    part: 'part1',
    title: { en: `Topic ${key}`, zh: `话题 ${key}` },
    tags: ['daily-life'],
    questions: Array.from({ length: questions }, (_, i) => ({
      key: `q${i + 1}`,
      part: 'part1',
      text: `Question ${i + 1} of ${key}?`,
      zh: `问题 ${i + 1}`,
      ...(sampled && i === 0
        ? {
            sample: {
              band: 7.5,
              answer: 'An original sample answer written for this test.',
              notes: {
                vocabulary: [{ term: 'original', zh: '原创的' }],
                structure: '观点 → 原因',
                band_remarks: '流利',
              },
            },
          }
        : {}),
    })),
  });
  const fileOf = (content: unknown) => {
    const file = path.join(fs.mkdtempSync(path.join(tmp, 'ielts-')), 'content.json');
    fs.writeFileSync(file, JSON.stringify(content, null, 2));
    return file;
  };
  const bank = {
    code: '2031-01',
    title: { zh: '2031年1-4月', en: 'January–April 2031' },
    starts_on: '2031-01-01',
    ends_on: '2031-04-30',
  };

  it('imports banks, topics, questions and samples by key; again changes nothing; the file decides what a topic holds', async () => {
    const ctx = await setup();
    const content = {
      format: 'ielts-content/1',
      topics: [topic('p1-test-rain', 3, true), topic('p1-test-keys', 2, false)],
      banks: [
        {
          ...bank,
          topics: [
            { key: 'p1-test-rain', is_new: true },
            { key: 'p1-test-keys', is_new: false },
          ],
        },
      ],
    };
    const file = fileOf(content);
    const dry = await ctx.ops('ielts', 'import', '--file', file, '--dry-run');
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('dry run (nothing changed)');
    expect(dry.stdout).toContain('topics: 2 created, 0 updated, 0 removed, 0 unchanged');
    expect(
      await ctx.t.db.selectFrom('ielts_bank').select('id').where('code', '=', '2031-01').execute(),
    ).toEqual([]);

    const first = await ctx.ops('ielts', 'import', '--file', file);
    expect(first.code).toBe(0);
    expect(first.stdout.split('\n').slice(1)).toEqual([
      'banks: 1 created, 0 updated, 0 removed, 0 unchanged',
      'topics: 2 created, 0 updated, 0 removed, 0 unchanged',
      'questions: 5 created, 0 updated, 0 removed, 0 unchanged',
      'samples: 1 created, 0 updated, 0 removed, 0 unchanged',
    ]);
    const issues = dataOf<IeltsIssue[]>(await api(ctx, 'GET', '/ielts/getIssueList'), 'issues');
    const imported = issues.find((i) => i.code === '2031-01')!;
    expect(imported).toMatchObject({ is_current: true });
    const detail = dataOf<IeltsIssueDetail>(
      await api(ctx, 'GET', `/ielts/getIssueDetail?id=${imported.id}&type=part1`),
      'detail',
    );
    expect(detail.topics).toHaveLength(2);
    expect(detail.topics[0]!.questions.map((q) => [q.text, q.has_sample])).toEqual([
      ['Question 1 of p1-test-rain?', true],
      ['Question 2 of p1-test-rain?', false],
      ['Question 3 of p1-test-rain?', false],
    ]);

    const again = await ctx.ops('ielts', 'import', '--file', file);
    expect(again.stdout.split('\n').slice(1)).toEqual([
      'banks: 0 created, 0 updated, 0 removed, 1 unchanged',
      'topics: 0 created, 0 updated, 0 removed, 2 unchanged',
      'questions: 0 created, 0 updated, 0 removed, 5 unchanged',
      'samples: 0 created, 0 updated, 0 removed, 1 unchanged',
    ]);

    // The reviewed file drops a question and the sample, renames a topic, reorders the bank.
    const revised = {
      ...content,
      topics: [{ ...topic('p1-test-rain', 2, false), title: { en: 'Rainy days', zh: '雨天' } }],
      banks: [
        {
          ...content.banks[0]!,
          topics: [
            { key: 'p1-test-keys', is_new: true },
            { key: 'p1-test-rain', is_new: true },
          ],
        },
      ],
    };
    const third = await ctx.ops('ielts', 'import', '--file', fileOf(revised));
    expect(third.stdout.split('\n').slice(1)).toEqual([
      'banks: 0 created, 1 updated, 0 removed, 0 unchanged',
      'topics: 0 created, 1 updated, 0 removed, 0 unchanged',
      'questions: 0 created, 0 updated, 1 removed, 2 unchanged',
      'samples: 0 created, 0 updated, 1 removed, 0 unchanged',
    ]);
    ctx.clock.advance(10_000); // past the public reply cache
    const after = dataOf<IeltsIssueDetail>(
      await api(ctx, 'GET', `/ielts/getIssueDetail?id=${imported.id}&type=part1`),
      'detail',
    );
    expect(after.topics.map((t) => [t.title.en, t.is_new, t.questions.length])).toEqual([
      ['Topic p1-test-keys', true, 2],
      ['Rainy days', true, 2],
    ]);

    const audit = await auditRows(ctx);
    expect(audit.map((a) => a.command)).toEqual(['ielts import', 'ielts import', 'ielts import']);
    expect(audit[0]!.after).toMatchObject({
      topics: { created: ['p1-test-rain', 'p1-test-keys'] },
      banks: { created: ['2031-01'] },
    });
    expect(audit[1]!.after).toMatchObject({ topics: { created: [], updated: [], removed: [] } });
    expect(audit[2]!.after).toMatchObject({
      questions: { removed: ['p1-test-rain/q3'] },
      samples: { removed: ['p1-test-rain/q1'] },
    });
  });

  it('refuses a bad file with the path of each bad field, and a bank naming an unknown topic; nothing changes', async () => {
    const ctx = await setup();
    const broken = {
      format: 'ielts-content/1',
      topics: [
        {
          ...topic('p1-test-bad', 2, true),
          tags: ['weather'],
          questions: [
            {
              ...topic('x', 1, true).questions[0]!,
              sample: { ...topic('x', 1, true).questions[0]!.sample!, band: 7.3 },
            },
            { key: 'q2', part: 'part1', text: '', zh: 'x' },
          ],
        },
        { key: 'P2 Bad', part: 'part2', title: { en: 'x' }, tags: [], questions: [] },
      ],
    };
    const refused = await ctx.ops('ielts', 'import', '--file', fileOf(broken));
    expect(refused.code).toBe(1);
    expect(refused.stderr.split('\n')[0]).toMatch(
      /^Refused: .*content\.json is not a valid IELTS content file/,
    );
    const lines = refused.stderr
      .split('\n')
      .slice(1)
      .map((l) => l.trim());
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^topics\[0\]\.tags\[0\]: a tag is one of abstract, /),
        'topics[0].questions[0].sample.band: band goes in steps of 0.5',
        'topics[0].questions[1].text: text is required',
        'topics[1].key: key is a slug: lower-case letters, digits and dashes, at most 64',
        'topics[1].title.zh: title in Chinese (zh) is required',
        'topics[1].questions: a topic has at least one question',
      ]),
    );
    // The rules across fields, once each field is well formed.
    const inconsistent = {
      format: 'ielts-content/1',
      topics: [
        {
          ...topic('p1-test-dup', 2, false),
          questions: [
            topic('a', 1, false).questions[0]!,
            { ...topic('a', 1, false).questions[0]!, part: 'part3' },
          ],
        },
        { ...topic('p2-test-card', 1, false), part: 'part2' },
      ],
      banks: [{ ...bank, ends_on: '2030-12-31', topics: [{ key: 'p1-test-dup', is_new: true }] }],
    };
    const rules = (await ctx.ops('ielts', 'import', '--file', fileOf(inconsistent))).stderr
      .split('\n')
      .slice(1)
      .map((l) => l.trim());
    expect(rules).toEqual(
      expect.arrayContaining([
        'topics[0].questions[1].key: question key "q1" is used twice in this topic',
        'topics[0].questions[1].part: a part1 topic holds part1 questions',
        'topics[1].cue_card: a part2 topic needs its cue_card',
        'topics[1].questions[0].part: a part2 topic holds part2 and part3 questions',
        'banks[0].ends_on: ends_on is on or after starts_on',
      ]),
    );
    const unknown = await ctx.ops(
      'ielts',
      'import',
      '--file',
      fileOf({
        format: 'ielts-content/1',
        topics: [topic('p1-test-fine', 1, false)],
        banks: [
          {
            ...bank,
            topics: [
              { key: 'p1-test-fine', is_new: true },
              { key: 'p1-nowhere', is_new: true },
            ],
          },
        ],
      }),
    );
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'Refused: a bank names topics that are neither in the file nor in the database:\n  2031-01: p1-nowhere',
    });
    expect(
      await ctx.t.db.selectFrom('ielts_topic').select('id').where('key', '=', 'p1-test-fine').execute(),
    ).toEqual([]);
    const notJson = path.join(tmp, 'not.json');
    fs.writeFileSync(notJson, '{ nope');
    expect((await ctx.ops('ielts', 'import', '--file', notJson)).stderr).toMatch(
      /^Refused: .*not\.json is not JSON: /,
    );
    expect((await ctx.ops('ielts', 'import', '--file', fileOf({ format: 'v0' }))).stderr).toContain(
      'format: format must be "ielts-content/1"',
    );
    expect((await ctx.ops('ielts', 'import')).code).toBe(2);
    expect(await auditRows(ctx)).toEqual([]);
  });
});

describe('ops: a randomized mix of commands and API calls keeps the ledgers whole', () => {
  it('orders paid, lost and reconciled, catalogue changes, coin adjustments and complaints: the ledger audit passes (fast-check)', async () => {
    const ctx = await setup();
    const s = await studentSession(ctx);
    let loggedInAt = ctx.clock.now();
    const orders: CreatedOrder[] = [];
    const lost = new Map<string, { raw: RawNotification; at: number }>();
    const step = fc.oneof(
      fc.record({ kind: fc.constant('order' as const), card: fc.boolean(), wechat: fc.boolean() }),
      fc.record({ kind: fc.constant('pay' as const), nth: fc.nat(8), deliver: fc.boolean() }),
      fc.record({ kind: fc.constant('replay' as const), nth: fc.nat(8) }),
      fc.record({ kind: fc.constant('reconcile' as const), one: fc.option(fc.nat(8), { nil: undefined }) }),
      fc.record({ kind: fc.constant('expire' as const) }),
      fc.record({
        kind: fc.constant('product' as const),
        coins: fc.integer({ min: 1, max: 500 }),
        bonus: fc.nat(50),
        retire: fc.boolean(),
      }),
      coinAdjustmentStep(300),
      fc.record({ kind: fc.constant('complaint' as const), state: fc.constantFrom('reply', '1', '2') }),
    );
    let complaint: number | undefined;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        for (const st of steps) {
          if (ctx.clock.now() - loggedInAt > 20 * 60_000) {
            Object.assign(s, await renewedSession(ctx, s));
            loggedInAt = ctx.clock.now();
          }
          if (st.kind === 'order') {
            const list = (await productList(ctx)).products.filter((p) =>
              st.card ? p.kind === 'card' && p.card_type === 200 : p.kind === 'coin',
            );
            const product = list[orders.length % Math.max(1, list.length)];
            if (!product) continue;
            // At most 5 orders awaiting payment per student (issue 32 §4): a sixth is refused (409)
            // until one is paid, closed or expires.
            const open = await ctx.t.db
              .selectFrom('pay_order')
              .select('id')
              .where('student_id', '=', s.studentId)
              .where('status', '=', 0)
              .where('expires_at', '>', ctx.clock.now())
              .execute();
            const reply = await api(
              ctx,
              'POST',
              '/pay/createOrder',
              { product_id: product.id, pay_method: st.wechat ? 'wechat' : 'alipay' },
              s,
            );
            expect(reply.status).toBe(open.length >= 5 ? 409 : 200);
            if (reply.status === 409) continue;
            orders.push(dataOf<CreatedOrder>(reply, 'createOrder'));
          } else if (st.kind === 'pay' && orders.length > 0) {
            const order = orders[st.nth % orders.length]!;
            if ((await orderStatus(ctx, order.order_no)).status !== 0) continue; // the cashier refuses
            const raw = await payLost(ctx, order);
            if (st.deliver) expect(await notify(ctx, raw)).toBe(204);
            else lost.set(order.order_no, { raw, at: ctx.clock.now() });
          } else if (st.kind === 'replay' && lost.size > 0) {
            // A notification delivered late: accepted within the provider's 5 minutes, refused after.
            const late = [...lost.values()][st.nth % lost.size]!;
            const fresh = ctx.clock.now() - late.at <= NOTIFICATION_MAX_SKEW_MS;
            expect(await notify(ctx, late.raw)).toBe(fresh ? 204 : 400);
          } else if (st.kind === 'reconcile') {
            const order =
              st.one === undefined || orders.length === 0 ? undefined : orders[st.one % orders.length];
            const outcome = await ctx.ops(
              'order',
              'reconcile',
              ...(order ? ['--order', order.order_no] : []),
            );
            expect(outcome.code === 0 || outcome.stderr.includes('is paid already')).toBe(true);
          } else if (st.kind === 'expire') {
            ctx.clock.advance(ctx.t.config.ORDER_TTL_MINUTES * 60_000 + 1);
            await ctx.t.app.payments.closeExpiredOrders();
          } else if (st.kind === 'product') {
            const added = await ctx.ops(
              'product',
              'add',
              ...flags({
                kind: 'coin',
                price: st.coins,
                coins: st.coins,
                bonus: st.bonus,
              }),
            );
            expect(added.code).toBe(0);
            const id = /package (\d+)/.exec(added.stdout)![1]!;
            if (st.retire) expect((await ctx.ops('product', 'retire', '--product', id)).code).toBe(0);
          } else if (st.kind === 'coins') {
            await adjustCoins(ctx, s.studentId, st);
          } else if (st.kind === 'complaint') {
            complaint ??= dataOf<{ id: number }>(
              await api(ctx, 'POST', '/user/addStudentComplaint', { type: 'other', content: 'random' }, s),
              'complaint',
            ).id;
            const outcome =
              st.state === 'reply'
                ? await ctx.ops('complaint', 'reply', '--complaint', String(complaint), '--text', 'ok')
                : await ctx.ops('complaint', 'state', '--complaint', String(complaint), '--state', st.state);
            expect(outcome.code).not.toBe(2);
            if (outcome.stderr.includes('closed (2)')) complaint = undefined;
          }
        }
        // Every payment the sandbox recorded is credited by a reconciliation of its order, once.
        for (const order of orders) {
          const recorded = await ctx.t.db
            .selectFrom('sandbox_payment')
            .select('order_no')
            .where('order_no', '=', order.order_no)
            .executeTakeFirst();
          const run = await ctx.ops('order', 'reconcile', '--order', order.order_no);
          if (recorded) expect((await orderStatus(ctx, order.order_no)).status).toBe(200);
          else expect(run.code).toBe(0);
        }
        await expectAuditPasses(ctx);
      }),
      { numRuns: 15 },
    );
    const audit = await auditRows(ctx);
    expect(audit.length).toBeGreaterThan(10);
    expect(audit.every((a) => a.actor === 'tester')).toBe(true);
  }, 180_000);
});
