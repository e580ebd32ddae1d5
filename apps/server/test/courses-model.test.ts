import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isAppError } from '../src/http/app-error.ts';
import { NOW, PRICE, setup } from './helpers/classes.ts';
import {
  DAY,
  HOUR,
  MINUTE,
  createStudent,
  giveCard,
  giveCoins,
  ledgerViolations,
} from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';

/**
 * A model test of the class services: random bookings, cancellations, lifecycle runs and no-shows
 * keep every ledger whole and the balances as modelled (DESIGN.md §7).
 */

describe('model: random bookings, cancellations, lifecycle and no-shows keep every ledger whole', () => {
  it('holds the ledger invariants and the modelled balances after every step', async () => {
    const ctx = await setup();
    const ph = await createTeacher(ctx.db, { nationality: 'PH', price_coins: 70 });
    const teachers = [
      { id: ctx.teacher, price: PRICE },
      { id: ph, price: 70 },
    ];

    const command = fc.oneof(
      fc.record({ kind: fc.constant('book' as const), who: fc.nat(2), slot: fc.nat(7), card: fc.boolean() }),
      fc.record({ kind: fc.constant('cancel' as const), who: fc.nat(2), nth: fc.nat(5) }),
      fc.record({ kind: fc.constant('time' as const), hours: fc.integer({ min: 1, max: 30 }) }),
      fc.record({ kind: fc.constant('advance' as const) }),
      fc.record({ kind: fc.constant('noShow' as const), nth: fc.nat(9) }),
      fc.record({ kind: fc.constant('absent' as const), nth: fc.nat(9) }),
    );

    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        run++;
        ctx.clock.set(NOW);
        const students = await Promise.all([0, 1, 2].map(() => createStudent(ctx.db)));
        const coins = new Map<number, number>();
        const cards = new Map<number, number>();
        for (const [i, s] of students.entries()) {
          const amount = [PRICE, 250, 1000][i]!;
          await giveCoins(ctx.db, ctx.wallet, s, amount);
          coins.set(s, amount);
          const card = await giveCard(ctx.db, ctx.wallet, s, {
            type: 200,
            lessons: 2,
            expiresAt: NOW + 5 * DAY,
          });
          cards.set(card, 2);
        }
        // Each run has slots of its own (a teacher has one slot per start): shifted by a minute per run.
        const starts = Array.from({ length: 8 }, (_, i) => NOW + 2 * HOUR + i * 5 * HOUR + run * MINUTE);
        const slots = await Promise.all(
          starts.map((start_at, i) => createSlot(ctx.db, teachers[i % 2]!.id, { start_at, minutes: 25 })),
        );
        const booked: { id: number; student: number; price: number; cardId: number | null; start: number }[] =
          [];
        const settled = new Set<number>();

        for (const cmd of commands) {
          if (cmd.kind === 'book') {
            const s = students[cmd.who]!;
            const slotIndex = cmd.slot;
            const teacher = teachers[slotIndex % 2]!;
            const payType = cmd.card && teacher.id === ph ? 'card' : 'coin';
            try {
              const c = await ctx.courses.book({ studentId: s, slotId: slots[slotIndex]!, payType });
              expect(c.price_coins).toBe(payType === 'coin' ? teacher.price : 0);
              booked.push({
                id: c.id,
                student: s,
                price: c.price_coins,
                cardId: c.card_id,
                start: starts[slotIndex]!,
              });
              if (c.card_id === null) coins.set(s, coins.get(s)! - c.price_coins);
              else cards.set(c.card_id, cards.get(c.card_id)! - 1);
            } catch (error) {
              if (!isAppError(error)) throw error;
            }
          } else if (cmd.kind === 'cancel') {
            const mine = booked.filter((b) => b.student === students[cmd.who]);
            const target = mine[cmd.nth % Math.max(1, mine.length)];
            if (!target) continue;
            try {
              const r = await ctx.courses.cancel({
                studentId: target.student,
                courseId: target.id,
                reason: 'other',
              });
              expect(settled.has(target.id)).toBe(false);
              // The 24-hour rule: the whole price (or the lesson) back, or nothing.
              const inTime = target.start - ctx.clock.now() >= 24 * HOUR;
              expect([r.late_cancel, r.refunded_coins, r.refunded_card_lessons]).toEqual([
                !inTime,
                inTime ? target.price : 0,
                inTime && target.cardId !== null ? 1 : 0,
              ]);
              settled.add(target.id);
              coins.set(target.student, coins.get(target.student)! + r.refunded_coins);
              if (target.cardId !== null)
                cards.set(target.cardId, cards.get(target.cardId)! + r.refunded_card_lessons);
            } catch (error) {
              if (!isAppError(error)) throw error;
            }
          } else if (cmd.kind === 'time') {
            ctx.clock.advance(cmd.hours * HOUR);
          } else if (cmd.kind === 'advance') {
            await ctx.classLifecycle.advanceStatuses();
          } else {
            const target = booked[cmd.nth % Math.max(1, booked.length)];
            if (!target) continue;
            try {
              if (cmd.kind === 'noShow') {
                const r = await ctx.classLifecycle.markTeacherNoShow(target.id);
                expect(settled.has(target.id)).toBe(false);
                expect([r.refunded_coins, r.refunded_card_lessons]).toEqual([
                  2 * target.price,
                  target.cardId === null ? 0 : 2,
                ]);
                settled.add(target.id);
                coins.set(target.student, coins.get(target.student)! + r.refunded_coins);
                if (target.cardId !== null)
                  cards.set(target.cardId, cards.get(target.cardId)! + r.refunded_card_lessons);
              } else {
                await ctx.classLifecycle.markStudentAbsent(target.id);
              }
            } catch (error) {
              if (!isAppError(error)) throw error;
            }
          }
          expect(await ledgerViolations(ctx.db)).toEqual([]);
          for (const s of students) expect((await ctx.wallet.getCoinBalance(s)).coins).toBe(coins.get(s));
          for (const [cardId, left] of cards) {
            const row = await ctx.db
              .selectFrom('lesson_card')
              .select('lessons_left')
              .where('id', '=', cardId)
              .executeTakeFirstOrThrow();
            expect(row.lessons_left).toBe(left);
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
