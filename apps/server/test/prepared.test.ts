import { describe, expect, it } from 'vitest';
import { pageLimit } from '../src/db/paging.ts';
import { prepared, preparedForStudentsPage, preparedPage, type Arg } from '../src/db/prepared.ts';
import { withTransaction } from '../src/db/transaction.ts';
import { createStudent } from './helpers/courses.ts';
import { createTeacher } from './helpers/factories.ts';
import { createTestApp } from './helpers/test-app.ts';

/**
 * Prepared queries (src/db/prepared.ts) on the test database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): built once, run with each call's values, in or out of a transaction.
 */

const teacherByIdAndPrice = prepared((db, arg: Arg<{ id: number; minPrice: number }>) =>
  db
    .selectFrom('teacher')
    .select(['id', 'name'])
    // Constants stay constants; only the placeholders change from call to call.
    .where('active', '=', 1)
    .where('price_coins', '>=', arg('minPrice'))
    .where('id', '=', arg('id')),
);

const raisePrice = prepared((db, arg: Arg<{ id: number; by: number; from: number }>) =>
  db
    .updateTable('teacher')
    .set((eb) => ({ price_coins: eb('price_coins', '+', arg('by')) }))
    .where('id', '=', arg('id'))
    .where('price_coins', '=', arg('from')),
);

describe('prepared queries', () => {
  it('run with the values of each call, and the SQL is built once', async () => {
    const t = await createTestApp();
    const cheap = await createTeacher(t.db, { name: 'Cheap', price_coins: 50 });
    const dear = await createTeacher(t.db, { name: 'Dear', price_coins: 300 });

    const first = await teacherByIdAndPrice(t.db, { id: dear, minPrice: 100 });
    expect(first.rows).toEqual([{ id: dear, name: 'Dear' }]);
    // The same query, other values: a different row, or none.
    expect((await teacherByIdAndPrice(t.db, { id: cheap, minPrice: 10 })).rows).toEqual([
      { id: cheap, name: 'Cheap' },
    ]);
    expect((await teacherByIdAndPrice(t.db, { id: cheap, minPrice: 100 })).rows).toEqual([]);

    let builds = 0;
    const nameOf = prepared((db, arg: Arg<{ id: number }>) => {
      builds++;
      return db.selectFrom('teacher').select('name').where('id', '=', arg('id'));
    });
    for (const id of [cheap, dear, cheap]) await nameOf(t.db, { id });
    await withTransaction(t.db, (trx) => nameOf(trx, { id: dear }));
    expect(builds).toBe(1);
  });

  it('report affected rows, see the transaction they run in, and roll back with it', async () => {
    const t = await createTestApp();
    const id = await createTeacher(t.db, { price_coins: 100 });
    const price = async () =>
      (await t.db.selectFrom('teacher').select('price_coins').where('id', '=', id).executeTakeFirstOrThrow())
        .price_coins;

    const raised = await raisePrice(t.db, { id, by: 20, from: 100 });
    expect(Number(raised.numAffectedRows)).toBe(1);
    // The condition holds the old price: a second identical call changes nothing.
    expect(Number((await raisePrice(t.db, { id, by: 20, from: 100 })).numAffectedRows)).toBe(0);
    expect(await price()).toBe(120);

    await expect(
      withTransaction(t.db, async (trx) => {
        expect(Number((await raisePrice(trx, { id, by: 5, from: 120 })).numAffectedRows)).toBe(1);
        // Inside the transaction the new price is visible to the next prepared call.
        expect(Number((await raisePrice(trx, { id, by: 5, from: 125 })).numAffectedRows)).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await price()).toBe(120);
  });

  it('throw on a missing value instead of sending a placeholder to the database', async () => {
    const t = await createTestApp();
    const id = await createTeacher(t.db);
    const call = () => teacherByIdAndPrice(t.db, { id } as unknown as { id: number; minPrice: number });
    expect(call).toThrow('prepared query: no value for "minPrice"');
  });

  it('serve two databases side by side, each with its own compiled query', async () => {
    const a = await createTestApp();
    const b = await createTestApp();
    const inA = await createTeacher(a.db, { name: 'In A', price_coins: 100 });
    const inB = await createTeacher(b.db, { name: 'In B', price_coins: 100 });
    expect((await teacherByIdAndPrice(a.db, { id: inA, minPrice: 0 })).rows).toEqual([
      { id: inA, name: 'In A' },
    ]);
    expect((await teacherByIdAndPrice(b.db, { id: inB, minPrice: 0 })).rows).toEqual([
      { id: inB, name: 'In B' },
    ]);
  });

  it('of a page: one compiled query per page size, the limit written into the SQL and the offset bound', async () => {
    const t = await createTestApp();
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C', 'D']) ids.push(await createTeacher(t.db, { name, price_coins: 100 }));
    const built: number[] = [];
    const page = preparedPage((db, arg: Arg<{ offset: number }>, limit) => {
      built.push(limit);
      return db
        .selectFrom('teacher')
        .select('id')
        .where('id', 'in', ids)
        .orderBy('id')
        .limit(pageLimit(limit))
        .offset(arg('offset'));
    });
    const rows = async (limit: number, offset: number) => {
      const result = await page(t.db, limit, { offset });
      return result.rows.map((r) => r.id);
    };
    expect(await rows(2, 0)).toEqual(ids.slice(0, 2));
    expect(await rows(2, 2)).toEqual(ids.slice(2, 4));
    expect(await rows(3, 1)).toEqual(ids.slice(1, 4));
    expect(await rows(2, 3)).toEqual(ids.slice(3, 4));
    expect(built).toEqual([2, 3]);
    expect(t.db.selectFrom('teacher').select('id').limit(pageLimit(7)).compile().sql).toMatch(/limit 7$/);
    expect(() => pageLimit(2.5)).toThrow(/not a positive integer/);
    expect(() => pageLimit(0)).toThrow(/not a positive integer/);
  });

  it("run one student's query for many students: each student's rows, in the query's order and limit", async () => {
    const t = await createTestApp();
    const [a, b, none] = [await createStudent(t.db), await createStudent(t.db), await createStudent(t.db)];
    const teachers = [];
    for (let i = 0; i < 4; i++) teachers.push(await createTeacher(t.db, { name: `T${i}` }));
    const like = (student: number, teacher: number, at: number) =>
      t.db
        .insertInto('favourite_teacher')
        .values({ student_id: student, teacher_id: teacher, created_at: at })
        .execute();
    // a liked T0..T3 in that order; b liked T2 then T0.
    for (const [i, teacher] of teachers.entries()) await like(a, teacher, 1_000 + i);
    await like(b, teachers[2]!, 5_000);
    await like(b, teachers[0]!, 6_000);

    const likedSince = preparedForStudentsPage((db, arg: Arg<{ studentId: number; since: number }>, limit) =>
      db
        .selectFrom('favourite_teacher')
        .select(['teacher_id', 'created_at'])
        .where('student_id', '=', arg('studentId'))
        .where('created_at', '>=', arg('since'))
        .orderBy('created_at', 'desc')
        .limit(pageLimit(limit)),
    );
    const rows = await likedSince(t.db, 3, [b, none, a], { since: 1_001 });
    const ids = (student: number) => rows.get(student)!.map((row) => row.teacher_id);
    // Newest first, at most 3, only those since 1,001 (a's T0 is older), and no student id column.
    expect(ids(a)).toEqual([teachers[3], teachers[2], teachers[1]]);
    expect(ids(b)).toEqual([teachers[0], teachers[2]]);
    expect(rows.get(none)).toEqual([]);
    expect(Object.keys(rows.get(b)![0]!).sort()).toEqual(['created_at', 'teacher_id']);
    expect([...rows.keys()]).toEqual([b, none, a]);
    // Nothing asked, nothing read.
    expect((await likedSince(t.db, 3, [], { since: 0 })).size).toBe(0);
  });
});
