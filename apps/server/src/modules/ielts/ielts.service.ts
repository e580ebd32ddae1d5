import type { Page } from '@app/contract/paging';
import {
  bandFromX10,
  type IeltsCueCard,
  type IeltsIssue,
  type IeltsIssueDetail,
  type IeltsIssueDetailQuery,
  type IeltsIssueRef,
  type IeltsNotes,
  type IeltsQuestion,
  type IeltsQuestionBrief,
  type IeltsQuestionInfo,
  type IeltsSampleInfo,
  type IeltsSampleInfoQuery,
  type IeltsSampleListQuery,
  type IeltsSampleRecord,
  type IeltsTopicSummary,
} from '@app/contract/ielts';
import type { Db } from '../../db/database.ts';
import { parseJson } from '../../db/json-column.ts';
import { AppError } from '../../http/app-error.ts';
import { ieltsRepository, type BankRow, type QuestionRow, type TopicRow } from './ielts.repository.ts';

export type IeltsServiceDeps = { db: Db };

const EXCERPT_CHARS = 160;

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The opening of an answer, cut at a word boundary. */
export function excerptOf(answer: string, max = EXCERPT_CHARS): string {
  if (answer.length <= max) return answer;
  const cut = answer.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * The current bank is the newest season published (banks change in January, May and September):
 * a bank stays current until the next one is added, whatever today's date.
 */
function currentOf(banks: BankRow[]): BankRow | undefined {
  return banks[0];
}

function issueRef(bank: BankRow, currentId: number | undefined): IeltsIssueRef {
  return {
    id: bank.id,
    code: bank.code,
    title: { 'zh-Hans': bank.title_zh, en: bank.title_en },
    is_current: bank.id === currentId,
  };
}

function toBrief(row: QuestionRow): IeltsQuestionBrief {
  return {
    id: row.id,
    part: row.part,
    text: row.text,
    text_zh: row.text_zh,
    has_sample: row.band_x10 !== null,
  };
}

function toQuestion(row: QuestionRow): IeltsQuestion {
  const sample =
    row.band_x10 === null || row.answer === null
      ? null
      : {
          band: bandFromX10(row.band_x10),
          answer: row.answer,
          word_count: countWords(row.answer),
          notes: {
            vocabulary: parseJson<IeltsNotes['vocabulary']>(row.vocabulary, []),
            structure: row.structure ?? '',
            band_remarks: row.band_remarks ?? '',
          },
        };
  return { ...toBrief(row), sample };
}

function toTopicSummary(topic: TopicRow, isNew: boolean, questions: QuestionRow[]): IeltsTopicSummary {
  return {
    id: topic.id,
    part: topic.part,
    title: { 'zh-Hans': topic.title_zh, en: topic.title_en },
    is_new: isNew,
    tags: parseJson<string[]>(topic.tags, []),
    cue_card: parseJson<IeltsCueCard | null>(topic.cue_card, null),
    question_count: questions.length,
    sample_count: questions.filter((q) => q.band_x10 !== null).length,
  };
}

function groupByTopic(rows: QuestionRow[]): Map<number, QuestionRow[]> {
  const map = new Map<number, QuestionRow[]>();
  for (const row of rows) {
    const list = map.get(row.topic_id);
    if (list) list.push(row);
    else map.set(row.topic_id, [row]);
  }
  return map;
}

async function listIssues(db: Db): Promise<IeltsIssue[]> {
  const [banks, topicStats, questionStats] = await Promise.all([
    ieltsRepository.listBanks(db),
    ieltsRepository.topicStats(db),
    ieltsRepository.questionStats(db),
  ]);
  const currentId = currentOf(banks)?.id;
  return banks.map((bank) => {
    const topics = topicStats.filter((s) => s.bank_id === bank.id);
    const questions = questionStats.filter((s) => s.bank_id === bank.id);
    const sum = (rows: { n: number }[]) => rows.reduce((total, r) => total + Number(r.n), 0);
    return {
      ...issueRef(bank, currentId),
      starts_on: bank.starts_on,
      ends_on: bank.ends_on,
      part1_topics: sum(topics.filter((s) => s.part === 'part1')),
      part2_topics: sum(topics.filter((s) => s.part === 'part2')),
      part3_questions: questions
        .filter((s) => s.part === 'part3')
        .reduce((total, s) => total + Number(s.questions), 0),
      new_topics: sum(topics.filter((s) => Number(s.is_new) === 1)),
      retained_topics: sum(topics.filter((s) => Number(s.is_new) !== 1)),
      samples: questions.reduce((total, s) => total + Number(s.samples), 0),
    };
  });
}

/** The requested bank, or the current one; a missing bank is a 404. */
async function resolveIssue(db: Db, id: number | undefined): Promise<IeltsIssue> {
  const issues = await listIssues(db);
  const issue = id === undefined ? issues.find((i) => i.is_current) : issues.find((i) => i.id === id);
  if (!issue) throw AppError.notFound();
  return issue;
}

/** IELTS speaking material (DESIGN.md §6): public, read-only. */
export function createIeltsService(deps: IeltsServiceDeps) {
  const { db } = deps;
  return {
    listIssues: () => listIssues(db),

    /** Topics of one part of a bank: Part 3 lists the Part 2 topics with their follow-up questions. */
    async getIssueDetail(query: IeltsIssueDetailQuery): Promise<IeltsIssueDetail> {
      const issue = await resolveIssue(db, query.id);
      const topicPart = query.type === 'part1' ? 'part1' : 'part2';
      const topics = await ieltsRepository.listTopicsOfBank(db, issue.id, topicPart);
      const byTopic = groupByTopic(
        await ieltsRepository.listQuestionsOfTopics(
          db,
          topics.map((t) => t.id),
        ),
      );
      return {
        issue,
        type: query.type,
        topics: topics.map((topic) => {
          const all = byTopic.get(topic.id) ?? [];
          const ofPart = all.filter((q) => q.part === query.type);
          return {
            ...toTopicSummary(topic, Number(topic.is_new) === 1, ofPart),
            questions: ofPart.map(toBrief),
          };
        }),
      };
    },

    async getSampleList(query: IeltsSampleListQuery): Promise<Page<IeltsSampleRecord>> {
      const issue = await resolveIssue(db, query.issue_id);
      const filter = {
        bankId: issue.id,
        ...(query.part ? { part: query.part } : {}),
        ...(query.keyword ? { keyword: query.keyword } : {}),
      };
      const total = await ieltsRepository.countSamples(db, filter);
      const offset = (query.current - 1) * query.size;
      const rows = offset < total ? await ieltsRepository.listSamples(db, filter, offset, query.size) : [];
      return {
        total,
        current: query.current,
        size: query.size,
        records: rows.map((row) => ({
          question_id: row.question_id,
          part: row.part,
          text: row.text,
          text_zh: row.text_zh,
          band: bandFromX10(row.band_x10),
          excerpt: excerptOf(row.answer),
          issue_id: issue.id,
          topic: {
            id: row.topic_id,
            part: row.topic_part,
            title: { 'zh-Hans': row.title_zh, en: row.title_en },
            is_new: Number(row.is_new) === 1,
          },
        })),
      };
    },

    /**
     * A topic with all its questions and samples. It is viewed in `issue_id` when given (a bank not
     * holding the topic is a 404), else in the newest bank holding it.
     */
    async getSampleInfo(query: IeltsSampleInfoQuery): Promise<IeltsSampleInfo> {
      const topic = await ieltsRepository.findTopicById(db, query.id);
      if (!topic) throw AppError.notFound();
      const [banks, allBanks, questions] = await Promise.all([
        ieltsRepository.listBanksOfTopic(db, topic.id),
        ieltsRepository.listBanks(db),
        ieltsRepository.listQuestionsOfTopics(db, [topic.id]),
      ]);
      const currentId = currentOf(allBanks)?.id;
      const viewedIn = query.issue_id === undefined ? banks[0] : banks.find((b) => b.id === query.issue_id);
      if (!viewedIn) throw AppError.notFound();
      return {
        ...toTopicSummary(topic, Number(viewedIn.is_new) === 1, questions),
        issue: issueRef(viewedIn, currentId),
        issues: banks.map((b) => ({ ...issueRef(b, currentId), is_new: Number(b.is_new) === 1 })),
        questions: questions.map(toQuestion),
      };
    },

    /** One question with its topic and the previous/next question of the same topic. */
    async getQuestionInfo(id: number): Promise<IeltsQuestionInfo> {
      const row = await ieltsRepository.findQuestionById(db, id);
      if (!row) throw AppError.notFound();
      const [topic, siblings] = await Promise.all([
        ieltsRepository.findTopicById(db, row.topic_id),
        ieltsRepository.listQuestionsOfTopics(db, [row.topic_id]),
      ]);
      if (!topic) throw AppError.notFound();
      const index = siblings.findIndex((q) => q.id === row.id);
      const prev = index > 0 ? siblings[index - 1] : undefined;
      const next = index >= 0 && index < siblings.length - 1 ? siblings[index + 1] : undefined;
      return {
        question: toQuestion(row),
        topic: {
          id: topic.id,
          part: topic.part,
          title: { 'zh-Hans': topic.title_zh, en: topic.title_en },
          cue_card: parseJson<IeltsCueCard | null>(topic.cue_card, null),
        },
        prev: prev ? toBrief(prev) : null,
        next: next ? toBrief(next) : null,
      };
    },
  };
}

export type IeltsService = ReturnType<typeof createIeltsService>;
