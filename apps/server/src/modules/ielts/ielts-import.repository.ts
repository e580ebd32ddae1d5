import type { Insertable, Updateable } from 'kysely';
import type {
  Db,
  IeltsBankTable,
  IeltsBankTopicTable,
  IeltsQuestionTable,
  IeltsSampleTable,
  IeltsTopicTable,
} from '../../db/database.ts';

/** SQL of the content import (ielts.import.ts), by key. Every method takes `db` or a transaction. */
export const ieltsImportRepository = {
  findTopic(db: Db, key: string) {
    return db.selectFrom('ielts_topic').selectAll().where('key', '=', key).executeTakeFirst();
  },

  async insertTopic(db: Db, row: Insertable<IeltsTopicTable>): Promise<number> {
    const { id } = await db.insertInto('ielts_topic').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  async updateTopic(db: Db, id: number, patch: Updateable<IeltsTopicTable>): Promise<void> {
    await db.updateTable('ielts_topic').set(patch).where('id', '=', id).execute();
  },

  /** A topic's questions with the id of their sample (null when none). */
  topicQuestions(db: Db, topicId: number) {
    return db
      .selectFrom('ielts_question as q')
      .leftJoin('ielts_sample as s', 's.question_id', 'q.id')
      .select(['q.id', 'q.key', 'q.part', 'q.text', 'q.text_zh', 'q.sort', 's.id as sample_id'])
      .where('q.topic_id', '=', topicId)
      .execute();
  },

  async insertQuestion(db: Db, row: Insertable<IeltsQuestionTable>): Promise<number> {
    const { id } = await db
      .insertInto('ielts_question')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  async updateQuestion(db: Db, id: number, patch: Updateable<IeltsQuestionTable>): Promise<void> {
    await db.updateTable('ielts_question').set(patch).where('id', '=', id).execute();
  },

  /** Removes questions with their samples. */
  async removeQuestions(db: Db, ids: number[]): Promise<void> {
    await db.deleteFrom('ielts_sample').where('question_id', 'in', ids).execute();
    await db.deleteFrom('ielts_question').where('id', 'in', ids).execute();
  },

  findSample(db: Db, questionId: number) {
    return db.selectFrom('ielts_sample').selectAll().where('question_id', '=', questionId).executeTakeFirst();
  },

  async insertSample(db: Db, row: Insertable<IeltsSampleTable>): Promise<void> {
    await db.insertInto('ielts_sample').values(row).execute();
  },

  async updateSample(db: Db, questionId: number, patch: Updateable<IeltsSampleTable>): Promise<void> {
    await db.updateTable('ielts_sample').set(patch).where('question_id', '=', questionId).execute();
  },

  async removeSample(db: Db, questionId: number): Promise<void> {
    await db.deleteFrom('ielts_sample').where('question_id', '=', questionId).execute();
  },

  findBank(db: Db, code: string) {
    return db.selectFrom('ielts_bank').selectAll().where('code', '=', code).executeTakeFirst();
  },

  async insertBank(db: Db, row: Insertable<IeltsBankTable>): Promise<number> {
    const { id } = await db.insertInto('ielts_bank').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  async updateBank(db: Db, id: number, patch: Updateable<IeltsBankTable>): Promise<void> {
    await db.updateTable('ielts_bank').set(patch).where('id', '=', id).execute();
  },

  bankTopics(db: Db, bankId: number) {
    return db.selectFrom('ielts_bank_topic').selectAll().where('bank_id', '=', bankId).execute();
  },

  async insertBankTopic(db: Db, row: Insertable<IeltsBankTopicTable>): Promise<void> {
    await db.insertInto('ielts_bank_topic').values(row).execute();
  },

  async updateBankTopic(
    db: Db,
    bankId: number,
    row: { topic_id: number; is_new: number; sort: number },
  ): Promise<void> {
    await db
      .updateTable('ielts_bank_topic')
      .set({ is_new: row.is_new, sort: row.sort })
      .where('bank_id', '=', bankId)
      .where('topic_id', '=', row.topic_id)
      .execute();
  },

  async removeBankTopics(db: Db, bankId: number, topicIds: number[]): Promise<void> {
    await db
      .deleteFrom('ielts_bank_topic')
      .where('bank_id', '=', bankId)
      .where('topic_id', 'in', topicIds)
      .execute();
  },

  /** How many of each there are (the audit record's before and after). */
  async totals(db: Db) {
    const count = async (table: 'ielts_bank' | 'ielts_topic' | 'ielts_question' | 'ielts_sample') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      banks: await count('ielts_bank'),
      topics: await count('ielts_topic'),
      questions: await count('ielts_question'),
      samples: await count('ielts_sample'),
    };
  },
};
