import { sql, type Kysely, type Selectable } from 'kysely';
import type { IeltsPart, IeltsTopicPart } from '@app/contract/ielts';
import type { Database, IeltsBankTable, IeltsTopicTable } from '../../db/database.ts';

/** All SQL of the IELTS area. Every method accepts a transaction as `db`. */

export type BankRow = Omit<Selectable<IeltsBankTable>, 'created_at'>;

export type TopicRow = Selectable<IeltsTopicTable>;

export type QuestionRow = {
  id: number;
  topic_id: number;
  part: IeltsPart;
  text: string;
  text_zh: string;
  sort: number;
  band_x10: number | null;
  answer: string | null;
  vocabulary: string | null;
  structure: string | null;
  band_remarks: string | null;
};

export type SampleFilter = { bankId: number; part?: IeltsPart; keyword?: string };

const bankColumns = ['b.id', 'b.code', 'b.title_zh', 'b.title_en', 'b.starts_on', 'b.ends_on'] as const;
const topicColumns = ['t.id', 't.key', 't.part', 't.title_zh', 't.title_en', 't.tags', 't.cue_card'] as const;
const questionColumns = [
  'q.id',
  'q.topic_id',
  'q.part',
  'q.text',
  'q.text_zh',
  'q.sort',
  's.band_x10',
  's.answer',
  's.vocabulary',
  's.structure',
  's.band_remarks',
] as const;

/** `%keyword%` for LIKE, with the wildcards of the keyword itself escaped by a backslash. */
function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function sampleQuery(db: Kysely<Database>, filter: SampleFilter) {
  let query = db
    .selectFrom('ielts_bank_topic as bt')
    .innerJoin('ielts_topic as t', 't.id', 'bt.topic_id')
    .innerJoin('ielts_question as q', 'q.topic_id', 't.id')
    .innerJoin('ielts_sample as s', 's.question_id', 'q.id')
    .where('bt.bank_id', '=', filter.bankId);
  if (filter.part) query = query.where('q.part', '=', filter.part);
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    // lower() on both sides: case-insensitive on SQLite and PostgreSQL alike (DESIGN.md §4).
    query = query.where((eb) =>
      eb.or(
        ['q.text', 'q.text_zh', 't.title_en', 't.title_zh'].map(
          (column) => sql<boolean>`lower(${eb.ref(column as 'q.text')}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  return query;
}

export const ieltsRepository = {
  /** Banks, newest season first. */
  listBanks(db: Kysely<Database>): Promise<BankRow[]> {
    return db.selectFrom('ielts_bank as b').select(bankColumns).orderBy('b.starts_on', 'desc').execute();
  },

  findBankById(db: Kysely<Database>, id: number): Promise<BankRow | undefined> {
    return db.selectFrom('ielts_bank as b').select(bankColumns).where('b.id', '=', id).executeTakeFirst();
  },

  /** Topic counts per bank, topic part and new flag. */
  topicStats(db: Kysely<Database>) {
    return db
      .selectFrom('ielts_bank_topic as bt')
      .innerJoin('ielts_topic as t', 't.id', 'bt.topic_id')
      .select((eb) => ['bt.bank_id', 't.part', 'bt.is_new', eb.fn.countAll<number>().as('n')])
      .groupBy(['bt.bank_id', 't.part', 'bt.is_new'])
      .execute();
  },

  /** Question and sample counts per bank and question part. */
  questionStats(db: Kysely<Database>) {
    return db
      .selectFrom('ielts_bank_topic as bt')
      .innerJoin('ielts_question as q', 'q.topic_id', 'bt.topic_id')
      .leftJoin('ielts_sample as s', 's.question_id', 'q.id')
      .select((eb) => [
        'bt.bank_id',
        'q.part',
        eb.fn.count<number>('q.id').as('questions'),
        eb.fn.count<number>('s.id').as('samples'),
      ])
      .groupBy(['bt.bank_id', 'q.part'])
      .execute();
  },

  /** Topics of a bank filed under `part`, in bank order, with their new flag in that bank. */
  listTopicsOfBank(db: Kysely<Database>, bankId: number, part: IeltsTopicPart) {
    return db
      .selectFrom('ielts_bank_topic as bt')
      .innerJoin('ielts_topic as t', 't.id', 'bt.topic_id')
      .select([...topicColumns, 'bt.is_new'])
      .where('bt.bank_id', '=', bankId)
      .where('t.part', '=', part)
      .orderBy('bt.sort')
      .execute();
  },

  findTopicById(db: Kysely<Database>, id: number): Promise<TopicRow | undefined> {
    return db.selectFrom('ielts_topic as t').select(topicColumns).where('t.id', '=', id).executeTakeFirst();
  },

  /** The banks holding a topic, newest first, with the topic's new flag in each. */
  listBanksOfTopic(db: Kysely<Database>, topicId: number) {
    return db
      .selectFrom('ielts_bank_topic as bt')
      .innerJoin('ielts_bank as b', 'b.id', 'bt.bank_id')
      .select([...bankColumns, 'bt.is_new'])
      .where('bt.topic_id', '=', topicId)
      .orderBy('b.starts_on', 'desc')
      .execute();
  },

  /** Questions of some topics with their samples (null columns when none), in topic order. */
  listQuestionsOfTopics(db: Kysely<Database>, topicIds: number[]): Promise<QuestionRow[]> {
    if (topicIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('ielts_question as q')
      .leftJoin('ielts_sample as s', 's.question_id', 'q.id')
      .select(questionColumns)
      .where('q.topic_id', 'in', topicIds)
      .orderBy('q.topic_id')
      .orderBy('q.sort')
      .execute();
  },

  findQuestionById(db: Kysely<Database>, id: number): Promise<QuestionRow | undefined> {
    return db
      .selectFrom('ielts_question as q')
      .leftJoin('ielts_sample as s', 's.question_id', 'q.id')
      .select(questionColumns)
      .where('q.id', '=', id)
      .executeTakeFirst();
  },

  async countSamples(db: Kysely<Database>, filter: SampleFilter): Promise<number> {
    const row = await sampleQuery(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** A page of questions with samples in a bank, in bank order then question order. */
  listSamples(db: Kysely<Database>, filter: SampleFilter, offset: number, limit: number) {
    return sampleQuery(db, filter)
      .select([
        'q.id as question_id',
        'q.part',
        'q.text',
        'q.text_zh',
        's.band_x10',
        's.answer',
        't.id as topic_id',
        't.part as topic_part',
        't.title_zh',
        't.title_en',
        'bt.is_new',
      ])
      .orderBy('bt.sort')
      .orderBy('q.sort')
      .offset(offset)
      .limit(limit)
      .execute();
  },
};
