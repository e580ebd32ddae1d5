import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ieltsImportRepository as repo } from './ielts-import.repository.ts';

/**
 * IELTS content import (`npm run ops -- ielts import --file content.json`; the format is documented
 * in docs/operations.md, "IELTS content file"). A reviewed JSON file holds topics (each with its
 * questions and their samples) and banks (a season: its topics, each new or retained). Everything is
 * matched by key: a topic by `key`, a question by its topic and `key`, a sample by its question, a
 * bank by `code`. Importing the same file again changes nothing. The file is the whole truth for
 * what it names: a topic listed gets exactly the questions listed (the others are removed, with their
 * samples), a question without `sample` loses its sample, and a bank listed holds exactly the topics
 * listed (in that order). Topics and banks the file does not name are left as they are.
 */

/** The tags the web app has labels for (locales/ielts `ielts.tags`). */
export const IELTS_TAGS = [
  'abstract',
  'activities',
  'arts',
  'daily-life',
  'events',
  'experiences',
  'health',
  'nature',
  'objects',
  'people',
  'places',
  'study-work',
  'technology',
] as const;

const slug = (what: string) =>
  z
    .string({ error: `${what} is required (a slug: lower-case letters, digits and dashes)` })
    .regex(
      /^[a-z0-9][a-z0-9-]{0,63}$/,
      `${what} is a slug: lower-case letters, digits and dashes, at most 64`,
    );
const text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} is at most ${max} characters`);
const bilingual = (what: string, max: number) =>
  z.object(
    { zh: text(`${what} in Chinese (zh)`, max), en: text(`${what} in English (en)`, max) },
    {
      error: `${what} is required: {"zh": "…", "en": "…"}`,
    },
  );
const date = (what: string) =>
  z
    .string({ error: `${what} is required (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} is a date, YYYY-MM-DD`)
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      `${what} is not a real date`,
    );

/** The message of a missing or mistyped object; an unknown field keeps zod's own (`Unrecognized key: "x"`). */
const objectError = (message: string) => (issue: { code?: string }) =>
  issue.code === 'invalid_type' ? message : undefined;

const sampleSchema = z.strictObject(
  {
    band: z
      .number({ error: 'band is a number from 1 to 9 in steps of 0.5' })
      .min(1, 'band is from 1 to 9')
      .max(9, 'band is from 1 to 9')
      .refine((b) => Number.isInteger(b * 2), 'band goes in steps of 0.5'),
    answer: text('answer', 5000),
    notes: z.strictObject(
      {
        vocabulary: z
          .array(
            z.strictObject({
              term: text('term', 200),
              zh: text('zh', 200),
              note: z.string().trim().max(500, 'note is at most 500 characters').optional(),
            }),
            { error: 'vocabulary is a list of {"term", "zh", "note"?}' },
          )
          .max(50, 'at most 50 vocabulary entries'),
        structure: text('structure', 2000),
        band_remarks: text('band_remarks', 2000),
      },
      { error: objectError('notes is required: {"vocabulary": […], "structure": "…", "band_remarks": "…"}') },
    ),
  },
  { error: objectError('sample is an object: {"band", "answer", "notes"}') },
);

const questionSchema = z.strictObject({
  key: slug('key'),
  part: z.enum(['part1', 'part2', 'part3'], { error: 'part is part1, part2 or part3' }),
  text: text('text', 1000),
  zh: text('zh', 1000),
  sample: sampleSchema.optional(),
});

const topicSchema = z
  .strictObject({
    key: slug('key'),
    part: z.enum(['part1', 'part2'], { error: 'part is part1 or part2' }),
    title: bilingual('title', 200),
    tags: z
      .array(z.enum(IELTS_TAGS, { error: `a tag is one of ${IELTS_TAGS.join(', ')}` }), {
        error: 'tags is a list of tags (may be empty: [])',
      })
      .max(5, 'at most 5 tags')
      .refine((t) => new Set(t).size === t.length, 'a tag is listed twice'),
    cue_card: z
      .strictObject(
        {
          prompt: text('prompt', 500),
          bullets: z
            .array(text('bullet', 300), { error: 'bullets is a list of texts' })
            .min(1, 'at least one bullet')
            .max(6, 'at most 6 bullets'),
          ending: text('ending', 500),
          zh: text('zh', 2000),
        },
        { error: objectError('cue_card is an object: {"prompt", "bullets", "ending", "zh"}') },
      )
      .optional(),
    questions: z
      .array(questionSchema, { error: 'questions is a list of questions' })
      .min(1, 'a topic has at least one question')
      .max(40, 'at most 40 questions'),
  })
  .superRefine((topic, ctx) => {
    if (topic.part === 'part2' && !topic.cue_card) {
      ctx.addIssue({ code: 'custom', path: ['cue_card'], message: 'a part2 topic needs its cue_card' });
    }
    if (topic.part === 'part1' && topic.cue_card) {
      ctx.addIssue({ code: 'custom', path: ['cue_card'], message: 'only a part2 topic has a cue_card' });
    }
    const keys = new Set<string>();
    topic.questions.forEach((q, i) => {
      if (keys.has(q.key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['questions', i, 'key'],
          message: `question key "${q.key}" is used twice in this topic`,
        });
      }
      keys.add(q.key);
      const allowed = topic.part === 'part1' ? ['part1'] : ['part2', 'part3'];
      if (!allowed.includes(q.part)) {
        ctx.addIssue({
          code: 'custom',
          path: ['questions', i, 'part'],
          message: `a ${topic.part} topic holds ${allowed.join(' and ')} questions`,
        });
      }
    });
    if (topic.part === 'part2' && topic.questions.filter((q) => q.part === 'part2').length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['questions'],
        message: 'a part2 topic has exactly one part2 question (the cue card)',
      });
    }
  });

const bankSchema = z
  .strictObject({
    code: z
      .string({ error: 'code is required (the season, YYYY-MM)' })
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'code is the season, YYYY-MM (e.g. 2027-01)'),
    title: bilingual('title', 100),
    starts_on: date('starts_on'),
    ends_on: date('ends_on'),
    topics: z
      .array(z.strictObject({ key: slug('key'), is_new: z.boolean({ error: 'is_new is true or false' }) }), {
        error: 'topics is a list of {"key": …, "is_new": …}',
      })
      .min(1, 'a bank holds at least one topic')
      .max(500, 'at most 500 topics'),
  })
  .superRefine((bank, ctx) => {
    if (bank.ends_on < bank.starts_on) {
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'ends_on is on or after starts_on' });
    }
    const keys = new Set<string>();
    bank.topics.forEach((t, i) => {
      if (keys.has(t.key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['topics', i, 'key'],
          message: `topic "${t.key}" is listed twice in this bank`,
        });
      }
      keys.add(t.key);
    });
  });

export const ieltsContentFileSchema = z
  .strictObject({
    format: z.literal('ielts-content/1', { error: 'format must be "ielts-content/1"' }),
    topics: z
      .array(topicSchema, { error: 'topics is a list of topics' })
      .max(1000, 'at most 1000 topics')
      .default([]),
    banks: z.array(bankSchema, { error: 'banks is a list of banks' }).max(20, 'at most 20 banks').default([]),
  })
  .superRefine((file, ctx) => {
    const keys = new Set<string>();
    file.topics.forEach((t, i) => {
      if (keys.has(t.key))
        ctx.addIssue({
          code: 'custom',
          path: ['topics', i, 'key'],
          message: `topic key "${t.key}" is used twice`,
        });
      keys.add(t.key);
    });
    const codes = new Set<string>();
    file.banks.forEach((b, i) => {
      if (codes.has(b.code))
        ctx.addIssue({
          code: 'custom',
          path: ['banks', i, 'code'],
          message: `bank "${b.code}" is listed twice`,
        });
      codes.add(b.code);
    });
    if (file.topics.length === 0 && file.banks.length === 0) {
      ctx.addIssue({ code: 'custom', path: [], message: 'the file holds no topics and no banks' });
    }
  });

export type IeltsContentFile = z.output<typeof ieltsContentFileSchema>;

/** `topics[3].questions[0].text`: where a problem is, as a reader finds it in the file. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, part) =>
      typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part),
    '',
  );
}

/** The file's problems, one line each with the path of the bad field; empty when it is valid. */
export function parseIeltsContent(
  json: unknown,
): { ok: true; content: IeltsContentFile } | { ok: false; problems: string[] } {
  const parsed = ieltsContentFileSchema.safeParse(json);
  if (parsed.success) return { ok: true, content: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((i) => `${issuePath(i.path) || '(file)'}: ${i.message}`),
  };
}

/** What an import did, by kind: keys created, changed, removed; `unchanged` counts the rest. */
export type ImportCounts = { created: string[]; updated: string[]; removed: string[]; unchanged: number };
export type ImportReport = {
  topics: ImportCounts;
  questions: ImportCounts;
  samples: ImportCounts;
  banks: ImportCounts;
  /** Topic keys a bank names that are neither in the file nor in the database (nothing imported then). */
  missingTopics: string[];
};

const counts = (): ImportCounts => ({ created: [], updated: [], removed: [], unchanged: 0 });
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Imports a validated file into `db` (give it a transaction: a bank naming an unknown topic returns
 * `missingTopics` after some writes, and the caller must roll back). Idempotent: see the module
 * comment.
 */
export async function importIeltsContent(db: Db, file: IeltsContentFile, now: number): Promise<ImportReport> {
  const report: ImportReport = {
    topics: counts(),
    questions: counts(),
    samples: counts(),
    banks: counts(),
    missingTopics: [],
  };
  const topicIds = new Map<string, number>();

  for (const topic of file.topics) {
    const fields = {
      part: topic.part,
      title_zh: topic.title.zh,
      title_en: topic.title.en,
      tags: JSON.stringify(topic.tags),
      cue_card: topic.cue_card ? JSON.stringify(topic.cue_card) : null,
    };
    const existing = await repo.findTopic(db, topic.key);
    let topicId: number;
    if (!existing) {
      topicId = await repo.insertTopic(db, { key: topic.key, ...fields });
      report.topics.created.push(topic.key);
    } else {
      topicId = existing.id;
      const current = {
        part: existing.part,
        title_zh: existing.title_zh,
        title_en: existing.title_en,
        tags: existing.tags,
        cue_card: existing.cue_card,
      };
      // Compared as parsed JSON: the seed and the import may space their JSON differently.
      const same =
        current.part === fields.part &&
        current.title_zh === fields.title_zh &&
        current.title_en === fields.title_en &&
        sameJson(JSON.parse(current.tags), topic.tags) &&
        sameJson(current.cue_card === null ? null : JSON.parse(current.cue_card), topic.cue_card ?? null);
      if (same) report.topics.unchanged++;
      else {
        await repo.updateTopic(db, topicId, fields);
        report.topics.updated.push(topic.key);
      }
    }
    topicIds.set(topic.key, topicId);
    await importQuestions(db, topicId, topic, report);
  }

  for (const bank of file.banks) {
    const ids: number[] = [];
    for (const t of bank.topics) {
      const id = topicIds.get(t.key) ?? (await repo.findTopic(db, t.key))?.id;
      if (id === undefined) report.missingTopics.push(`${bank.code}: ${t.key}`);
      else ids.push(id);
    }
    if (report.missingTopics.length > 0) continue;
    const fields = {
      title_zh: bank.title.zh,
      title_en: bank.title.en,
      starts_on: bank.starts_on,
      ends_on: bank.ends_on,
    };
    const existing = await repo.findBank(db, bank.code);
    let bankId: number;
    let changed = false;
    if (!existing) {
      bankId = await repo.insertBank(db, { code: bank.code, ...fields, created_at: now });
      report.banks.created.push(bank.code);
    } else {
      bankId = existing.id;
      if (
        existing.title_zh !== fields.title_zh ||
        existing.title_en !== fields.title_en ||
        existing.starts_on !== fields.starts_on ||
        existing.ends_on !== fields.ends_on
      ) {
        await repo.updateBank(db, bankId, fields);
        changed = true;
      }
    }
    const wanted = bank.topics.map((t, i) => ({ topic_id: ids[i]!, is_new: t.is_new ? 1 : 0, sort: i + 1 }));
    const members = await repo.bankTopics(db, bankId);
    const byTopic = new Map(members.map((m) => [m.topic_id, m]));
    const keep = new Set(wanted.map((w) => w.topic_id));
    const gone = members.filter((m) => !keep.has(m.topic_id)).map((m) => m.topic_id);
    if (gone.length > 0) {
      await repo.removeBankTopics(db, bankId, gone);
      changed = true;
    }
    for (const w of wanted) {
      const m = byTopic.get(w.topic_id);
      if (!m) await repo.insertBankTopic(db, { bank_id: bankId, ...w });
      else if (m.is_new !== w.is_new || m.sort !== w.sort) await repo.updateBankTopic(db, bankId, w);
      else continue;
      changed = true;
    }
    if (existing) {
      if (changed) report.banks.updated.push(bank.code);
      else report.banks.unchanged++;
    }
  }
  return report;
}

async function importQuestions(
  db: Db,
  topicId: number,
  topic: IeltsContentFile['topics'][number],
  report: ImportReport,
): Promise<void> {
  const existing = await repo.topicQuestions(db, topicId);
  const byKey = new Map(existing.map((q) => [q.key, q]));
  const listed = new Set(topic.questions.map((q) => q.key));
  const gone = existing.filter((q) => !listed.has(q.key));
  if (gone.length > 0) {
    await repo.removeQuestions(
      db,
      gone.map((q) => q.id),
    );
    for (const q of gone) {
      report.questions.removed.push(`${topic.key}/${q.key}`);
      if (q.sample_id !== null) report.samples.removed.push(`${topic.key}/${q.key}`);
    }
  }
  for (const [index, q] of topic.questions.entries()) {
    const name = `${topic.key}/${q.key}`;
    const fields = { part: q.part, text: q.text, text_zh: q.zh, sort: index + 1 };
    const row = byKey.get(q.key);
    let questionId: number;
    if (!row) {
      questionId = await repo.insertQuestion(db, { topic_id: topicId, key: q.key, ...fields });
      report.questions.created.push(name);
    } else {
      questionId = row.id;
      if (
        row.part === fields.part &&
        row.text === fields.text &&
        row.text_zh === fields.text_zh &&
        row.sort === fields.sort
      ) {
        report.questions.unchanged++;
      } else {
        await repo.updateQuestion(db, questionId, fields);
        report.questions.updated.push(name);
      }
    }
    const sample = q.sample
      ? {
          band_x10: Math.round(q.sample.band * 10),
          answer: q.sample.answer,
          vocabulary: q.sample.notes.vocabulary.map((v) => ({
            term: v.term,
            zh: v.zh,
            note: v.note ?? null,
          })),
          structure: q.sample.notes.structure,
          band_remarks: q.sample.notes.band_remarks,
        }
      : undefined;
    const stored = row?.sample_id != null ? await repo.findSample(db, questionId) : undefined;
    if (!sample) {
      if (stored) {
        await repo.removeSample(db, questionId);
        report.samples.removed.push(name);
      }
      continue;
    }
    const values = { ...sample, vocabulary: JSON.stringify(sample.vocabulary) };
    if (!stored) {
      await repo.insertSample(db, { question_id: questionId, ...values });
      report.samples.created.push(name);
    } else if (
      stored.band_x10 === sample.band_x10 &&
      stored.answer === sample.answer &&
      sameJson(JSON.parse(stored.vocabulary), sample.vocabulary) &&
      stored.structure === sample.structure &&
      stored.band_remarks === sample.band_remarks
    ) {
      report.samples.unchanged++;
    } else {
      await repo.updateSample(db, questionId, values);
      report.samples.updated.push(name);
    }
  }
}

/** How many banks, topics, questions and samples there are (an import's before and after). */
export function ieltsContentTotals(db: Db) {
  return repo.totals(db);
}
