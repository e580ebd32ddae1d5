import { z } from 'zod';
import { defineCommand, OpsRefusal } from '../command.ts';
import { opsRepository } from '../ops.repository.ts';
import { count, reason, studentOf, studentRef } from './fields.ts';

/** Operator coin entries (DESIGN.md §7 "Wallet"): 100 increase, 200 reduction, 400 clear, 800 bonus. */
const TYPES = { increase: 100, reduction: 200, clear: 400, bonus: 800 } as const;

export const coinsAdjust = defineCommand({
  name: 'coins adjust',
  summary:
    "Change a student's coins through the ledger: increase (100), reduction (200), clear (400), bonus (800)",
  options: {
    student: 'student id or mobile number',
    type: 'increase | reduction | clear | bonus',
    amount: 'coins (not for clear, which takes the whole balance)',
    reason: 'why (required; the remark of the ledger entry)',
  },
  example: 'coins adjust --student 13800000000 --type increase --amount 100 --reason "refund of ticket 42"',
  schema: z
    .object({
      student: studentRef,
      type: z.enum(Object.keys(TYPES) as [keyof typeof TYPES], {
        error: 'type must be increase, reduction, clear or bonus',
      }),
      amount: count('amount').optional(),
      reason,
    })
    .refine((v) => (v.type === 'clear') === (v.amount === undefined), {
      path: ['amount'],
      message: 'amount is required, except with --type clear (which takes the whole balance)',
    }),
  async run({ db, services: { wallet } }, input) {
    const student = await studentOf(db, input.student);
    const before = { student_id: student.id, coins: await opsRepository.coins(db, student.id) };
    const entry = { studentId: student.id, amount: input.amount ?? 0, remark: input.reason };
    const type = TYPES[input.type];
    if (type === 100 || type === 800) await wallet.creditCoins(db, type, entry);
    else if (type === 200) {
      const debit = await wallet.debitCoins(db, 200, entry);
      if (!debit.debited) {
        throw new OpsRefusal(`student ${student.id} has ${debit.balance} coins, fewer than ${entry.amount}`);
      }
    } else if ((await wallet.clearCoins(db, student.id, input.reason)) === 0) {
      throw new OpsRefusal(`student ${student.id} has no coins to clear`);
    }
    const after = { student_id: student.id, coins: await opsRepository.coins(db, student.id) };
    return {
      before,
      after,
      output: `student ${student.id}: coin log ${type}, coins ${before.coins} → ${after.coins}`,
    };
  },
});
