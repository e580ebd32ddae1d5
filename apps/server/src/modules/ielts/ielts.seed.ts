import type { Db } from '../../db/database.ts';
import { withTransaction, type Trx } from '../../db/transaction.ts';
import { PART1_TOPICS } from './content/part1.ts';
import { PART2_TOPICS } from './content/part2.ts';
import type { TopicContent } from './content/types.ts';

export type BankSeed = {
  code: string;
  title: { zh: string; en: string };
  starts_on: string;
  ends_on: string;
  topics: { topic: TopicContent; is_new: boolean }[];
};

const ALL_TOPICS = [...PART1_TOPICS, ...PART2_TOPICS];

/** The season the content was written for; every topic with its new/retained flag. */
export const CURRENT_BANK: BankSeed = {
  code: '2026-09',
  title: { zh: '2026年9-12月', en: 'September–December 2026' },
  starts_on: '2026-09-01',
  ends_on: '2026-12-31',
  topics: ALL_TOPICS.map((topic) => ({ topic, is_new: topic.is_new })),
};

/**
 * The season before: it holds the topics the current season retained, so "retained" and the bank
 * list mean something. Whether they were new in their own season is unknown, so none is marked new.
 */
export const PREVIOUS_BANK: BankSeed = {
  code: '2026-05',
  title: { zh: '2026年5-8月', en: 'May–August 2026' },
  starts_on: '2026-05-01',
  ends_on: '2026-08-31',
  topics: ALL_TOPICS.filter((topic) => !topic.is_new).map((topic) => ({ topic, is_new: false })),
};

/** Inserts a topic with its questions and samples unless its key exists; returns its id. */
async function ensureTopic(trx: Trx, topic: TopicContent): Promise<number> {
  const inserted = await trx
    .insertInto('ielts_topic')
    .values({
      key: topic.key,
      part: topic.part,
      title_zh: topic.title.zh,
      title_en: topic.title.en,
      tags: JSON.stringify(topic.tags),
      cue_card: topic.cue_card ? JSON.stringify(topic.cue_card) : null,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const existing = await trx
      .selectFrom('ielts_topic')
      .select('id')
      .where('key', '=', topic.key)
      .executeTakeFirstOrThrow();
    return existing.id;
  }
  const questions = await trx
    .insertInto('ielts_question')
    .values(
      topic.questions.map((q, index) => ({
        topic_id: inserted.id,
        key: q.key,
        part: q.part,
        text: q.text,
        text_zh: q.zh,
        sort: index + 1,
      })),
    )
    .returning(['id', 'key'])
    .execute();
  const idOf = new Map(questions.map((q) => [q.key, q.id]));
  const samples = topic.questions.flatMap((q) =>
    q.sample
      ? [
          {
            question_id: idOf.get(q.key)!,
            band_x10: Math.round(q.sample.band * 10),
            answer: q.sample.answer,
            vocabulary: JSON.stringify(
              q.sample.notes.vocabulary.map((v) => ({ term: v.term, zh: v.zh, note: v.note ?? null })),
            ),
            structure: q.sample.notes.structure,
            band_remarks: q.sample.notes.band_remarks,
          },
        ]
      : [],
  );
  if (samples.length > 0) await trx.insertInto('ielts_sample').values(samples).execute();
  return inserted.id;
}

/**
 * Inserts a bank with its topics when no bank with its season code exists (race-safe: the code is
 * unique and the whole bank is one transaction). Returns whether this call inserted it.
 */
export async function seedIeltsBank(db: Db, bank: BankSeed, now = Date.now()): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const created = await trx
      .insertInto('ielts_bank')
      .values({
        code: bank.code,
        title_zh: bank.title.zh,
        title_en: bank.title.en,
        starts_on: bank.starts_on,
        ends_on: bank.ends_on,
        created_at: now,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created) return false;
    let sort = 0;
    for (const { topic, is_new } of bank.topics) {
      const topicId = await ensureTopic(trx, topic);
      sort += 1;
      await trx
        .insertInto('ielts_bank_topic')
        .values({ bank_id: created.id, topic_id: topicId, is_new: is_new ? 1 : 0, sort })
        .execute();
    }
    return true;
  });
}

/**
 * The IELTS demo content: the current bank first (its topics get the lowest ids), then the previous
 * one. Each bank is checked on its own, so a database seeded before this feature gets it on the next
 * start (docs/decisions.md, IELTS). Returns the codes of the banks inserted.
 */
export async function seedIelts(db: Db): Promise<string[]> {
  const inserted: string[] = [];
  for (const bank of [CURRENT_BANK, PREVIOUS_BANK]) {
    if (await seedIeltsBank(db, bank)) inserted.push(bank.code);
  }
  return inserted;
}
