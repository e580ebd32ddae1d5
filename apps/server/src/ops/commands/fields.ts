import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { OpsRefusal } from '../command.ts';
import { opsRepository } from '../ops.repository.ts';

/** A positive integer given as an option (`--amount 100`). */
export const count = (what: string, max = 1_000_000) =>
  z
    .string({ error: `${what} is required` })
    .regex(/^\d+$/, `${what} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${what} must be at least 1`).max(max, `${what} must be at most ${max}`));

export const id = (what: string) => count(what, Number.MAX_SAFE_INTEGER);

/** Why an operator changed a balance: required, shown in the student's ledger as the entry's remark. */
export const reason = z
  .string({ error: 'a reason is required (--reason "…")' })
  .trim()
  .min(1, 'a reason is required (--reason "…")')
  .max(200, 'the reason is at most 200 characters');

/** A student by id (`12`) or mobile number (`13800000000`). */
export const studentRef = z
  .string({ error: 'the student is required (--student <id|phone>)' })
  .trim()
  .regex(/^\d+$/, 'the student is an id or an 11-digit mobile number')
  .transform((v) => (v.length === 11 && v.startsWith('1') ? { mobile: v } : { id: Number(v) }));

export async function studentOf(db: Db, ref: { id: number } | { mobile: string }) {
  const student = await opsRepository.findStudent(db, ref);
  if (!student) throw new OpsRefusal(`no student ${'id' in ref ? ref.id : ref.mobile}`);
  return student;
}
