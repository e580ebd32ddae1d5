import { describe, expect, it } from 'vitest';
import type {
  IeltsIssue,
  IeltsIssueDetail,
  IeltsQuestionInfo,
  IeltsSampleInfo,
  IeltsSampleRecord,
} from '@app/contract/ielts';
import type { Page } from '@app/contract/paging';
import { appSettingRepository, SETTING_KEYS } from '../src/db/app-setting.repository.ts';
import { CURRENT_BANK, PREVIOUS_BANK, seedIelts } from '../src/modules/ielts/ielts.seed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

async function seededApp(): Promise<TestApp> {
  const t = await createTestApp();
  await seedIelts(t.db);
  return t;
}

async function get<T>(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const body = res.json() as { code: number; data: T; msg: string };
  return { res, body, data: body.data };
}

async function issues(t: TestApp): Promise<IeltsIssue[]> {
  return (await get<IeltsIssue[]>(t, '/ielts/getIssueList')).data;
}

async function allSamples(t: TestApp, query = ''): Promise<IeltsSampleRecord[]> {
  const { data } = await get<Page<IeltsSampleRecord>>(t, `/ielts/getSampleList?size=100${query}`);
  return data.records;
}

const seededCounts = {
  part1: CURRENT_BANK.topics.filter((t) => t.topic.part === 'part1').length,
  part2: CURRENT_BANK.topics.filter((t) => t.topic.part === 'part2').length,
  samples: CURRENT_BANK.topics.reduce((n, t) => n + t.topic.questions.filter((q) => q.sample).length, 0),
};

describe('IELTS seed', () => {
  it('ships the current season with at least 30 Part 1 topics, 20 cue cards and 20 samples', () => {
    expect(seededCounts.part1).toBeGreaterThanOrEqual(30);
    expect(seededCounts.part2).toBeGreaterThanOrEqual(20);
    expect(seededCounts.samples).toBeGreaterThanOrEqual(20);
    for (const { topic } of CURRENT_BANK.topics.filter((t) => t.topic.part === 'part2')) {
      expect(topic.cue_card, topic.key).toBeDefined();
      expect(topic.questions.filter((q) => q.part === 'part3').length, topic.key).toBeGreaterThan(0);
    }
    expect(PREVIOUS_BANK.topics.length).toBeGreaterThan(0);
    expect(PREVIOUS_BANK.topics.every((t) => !t.topic.is_new)).toBe(true);
  });

  it('inserts each bank once: a second run changes nothing', async () => {
    const t = await createTestApp();
    expect(await seedIelts(t.db)).toEqual(['2026-09', '2026-05']);
    const before = await issues(t);
    expect(await seedIelts(t.db)).toEqual([]);
    expect(await issues(t)).toEqual(before);
    const topics = await t.db
      .selectFrom('ielts_topic')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // A retained topic is stored once and joined to both banks.
    expect(Number(topics.n)).toBe(CURRENT_BANK.topics.length);
  });

  it('is seeded with the demo data of an empty database when demo data is allowed', async () => {
    const t = await createTestApp({ env: { SEED_DEMO: '1' } });
    const list = await issues(t);
    expect(list.map((i) => i.code)).toEqual(['2026-09', '2026-05']);
  });

  it('is not seeded when demo data is off', async () => {
    const t = await createTestApp();
    expect(await issues(t)).toEqual([]);
  });

  it('is added on the next start to an embedded database demo-seeded before the IELTS feature', async () => {
    const first = await createTestApp();
    await appSettingRepository.upsert(first.db, SETTING_KEYS.demoSeeded, '1');
    await first.close();
    const env = first.dialect === 'postgres' ? { SEED_DEMO: '1' } : { SEED_DEMO: undefined };
    const next = await createTestApp({ reuseDatabaseOf: first, env });
    expect((await issues(next)).map((i) => i.code)).toEqual(['2026-09', '2026-05']);
  });
});

describe('GET /ielts/getIssueList', () => {
  it('lists the banks newest first with counts; the newest is current, its retained topics form the previous bank', async () => {
    const t = await seededApp();
    const { res, body } = await get<IeltsIssue[]>(t, '/ielts/getIssueList', { 'api-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(body.msg).toBe('Success');
    const [current, previous] = body.data;
    expect(body.data).toHaveLength(2);
    expect(current).toMatchObject({
      code: '2026-09',
      title: { 'zh-Hans': '2026年9-12月', en: 'September–December 2026' },
      is_current: true,
      part1_topics: seededCounts.part1,
      part2_topics: seededCounts.part2,
      samples: seededCounts.samples,
    });
    expect(current!.part3_questions).toBeGreaterThanOrEqual(seededCounts.part2);
    expect(current!.new_topics + current!.retained_topics).toBe(seededCounts.part1 + seededCounts.part2);
    expect(current!.new_topics).toBeGreaterThan(0);
    expect(previous).toMatchObject({ code: '2026-05', is_current: false, new_topics: 0 });
    expect(previous!.retained_topics).toBe(current!.retained_topics);
    expect(previous!.part1_topics + previous!.part2_topics).toBe(current!.retained_topics);
  });
});

describe('GET /ielts/getIssueDetail', () => {
  it('lists the Part 1 topics of the current bank with only Part 1 questions', async () => {
    const t = await seededApp();
    const { res, data } = await get<IeltsIssueDetail>(t, '/ielts/getIssueDetail?type=part1');
    expect(res.statusCode).toBe(200);
    expect(data.issue.is_current).toBe(true);
    expect(data.type).toBe('part1');
    expect(data.topics).toHaveLength(seededCounts.part1);
    for (const topic of data.topics) {
      expect(topic.part).toBe('part1');
      expect(topic.cue_card).toBeNull();
      expect(topic.questions.length).toBeGreaterThan(0);
      expect(topic.questions.every((q) => q.part === 'part1')).toBe(true);
      expect(topic.question_count).toBe(topic.questions.length);
    }
    expect(data.topics.some((tp) => tp.is_new) && data.topics.some((tp) => !tp.is_new)).toBe(true);
  });

  it('lists cue cards for part2 and their follow-ups for part3', async () => {
    const t = await seededApp();
    const part2 = (await get<IeltsIssueDetail>(t, '/ielts/getIssueDetail?type=part2')).data;
    const part3 = (await get<IeltsIssueDetail>(t, '/ielts/getIssueDetail?type=part3')).data;
    expect(part2.topics).toHaveLength(seededCounts.part2);
    expect(part3.topics.map((tp) => tp.id)).toEqual(part2.topics.map((tp) => tp.id));
    for (const topic of part2.topics) {
      expect(topic.cue_card?.bullets.length).toBeGreaterThan(0);
      expect(topic.questions.every((q) => q.part === 'part2')).toBe(true);
    }
    for (const topic of part3.topics) {
      expect(topic.questions.length).toBeGreaterThan(0);
      expect(topic.questions.every((q) => q.part === 'part3')).toBe(true);
    }
  });

  it('shows another bank by id, with the retained topics only', async () => {
    const t = await seededApp();
    const previous = (await issues(t)).find((i) => !i.is_current)!;
    const { data } = await get<IeltsIssueDetail>(t, `/ielts/getIssueDetail?type=part1&id=${previous.id}`);
    expect(data.issue.id).toBe(previous.id);
    expect(data.topics).toHaveLength(previous.part1_topics);
    expect(data.topics.every((tp) => !tp.is_new)).toBe(true);
  });

  it('answers 404 for an unknown bank and when there is no bank at all', async () => {
    const t = await seededApp();
    const { res, body } = await get(t, '/ielts/getIssueDetail?type=part1&id=9999', { 'api-language': 'en' });
    expect(res.statusCode).toBe(404);
    expect(body).toEqual({ code: 404, data: null, msg: 'Resource not found' });
    const empty = await createTestApp();
    expect((await get(empty, '/ielts/getIssueDetail?type=part1')).res.statusCode).toBe(404);
  });

  it('refuses a missing or unknown type and malformed ids with 400', async () => {
    const t = await seededApp();
    for (const query of [
      '',
      '?type=part4',
      '?type=PART1',
      '?type=part1&id=abc',
      '?type=part1&id=0',
      '?type=part1&id=-1',
      '?type=part1&id=1.5',
      '?type=part1&id=99999999999999999999',
    ]) {
      const { res, body } = await get(t, `/ielts/getIssueDetail${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(body.code, query).toBe(400);
      expect(body.data).toBeNull();
    }
  });
});

describe('GET /ielts/getSampleList', () => {
  it('pages the samples of the current bank: default size 10, every sample once', async () => {
    const t = await seededApp();
    const first = (await get<Page<IeltsSampleRecord>>(t, '/ielts/getSampleList')).data;
    expect(first).toMatchObject({ total: seededCounts.samples, current: 1, size: 10 });
    expect(first.records).toHaveLength(10);
    const seen: number[] = [];
    const pages = Math.ceil(first.total / 7);
    for (let current = 1; current <= pages; current += 1) {
      const page = (await get<Page<IeltsSampleRecord>>(t, `/ielts/getSampleList?size=7&current=${current}`))
        .data;
      expect(page.total).toBe(first.total);
      seen.push(...page.records.map((r) => r.question_id));
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen).size).toBe(first.total);
    const record = first.records[0]!;
    expect(record.band).toBeGreaterThanOrEqual(5);
    expect(record.excerpt.length).toBeLessThanOrEqual(161);
    expect(record.issue_id).toBe(first.records[0]!.issue_id);
  });

  it('answers an empty page with the right total beyond the last page', async () => {
    const t = await seededApp();
    const { res, data } = await get<Page<IeltsSampleRecord>>(t, '/ielts/getSampleList?current=50&size=10');
    expect(res.statusCode).toBe(200);
    expect(data).toEqual({ records: [], total: seededCounts.samples, current: 50, size: 10 });
  });

  it('accepts size 100 and refuses size 101, size 0 and current 0 with 400', async () => {
    const t = await seededApp();
    expect((await get(t, '/ielts/getSampleList?size=100')).res.statusCode).toBe(200);
    for (const query of [
      'size=101',
      'size=0',
      'current=0',
      'current=-3',
      'size=abc',
      'part=part9',
      'issue_id=x',
      `keyword=${'a'.repeat(101)}`,
    ]) {
      const { res, body } = await get(t, `/ielts/getSampleList?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(body.code, query).toBe(400);
    }
  });

  it('filters by part', async () => {
    const t = await seededApp();
    const all = await allSamples(t);
    let sum = 0;
    for (const part of ['part1', 'part2', 'part3'] as const) {
      const records = await allSamples(t, `&part=${part}`);
      expect(records.length, part).toBeGreaterThan(0);
      expect(records.every((r) => r.part === part)).toBe(true);
      sum += records.length;
    }
    expect(sum).toBe(all.length);
  });

  it('filters by keyword in English (any case) and Chinese, treating % and _ literally', async () => {
    const t = await seededApp();
    const english = await allSamples(t, '&keyword=HOMETOWN');
    expect(english.length).toBeGreaterThan(0);
    expect(
      english.every((r) => /hometown/i.test(r.text + r.topic.title.en) || r.text_zh.includes('家乡')),
    ).toBe(true);
    const chinese = await allSamples(t, `&keyword=${encodeURIComponent('家乡')}`);
    expect(chinese.map((r) => r.question_id)).toContain(english[0]!.question_id);
    expect(await allSamples(t, `&keyword=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await allSamples(t, '&keyword=_')).toEqual([]);
    expect(await allSamples(t, '&keyword=no-such-words-anywhere')).toEqual([]);
  });

  it('filters by bank; the new flag is relative to that bank', async () => {
    const t = await seededApp();
    const [current, previous] = await issues(t);
    const records = await allSamples(t, `&issue_id=${previous!.id}`);
    expect(records.length).toBeLessThan(current!.samples);
    expect(records.every((r) => r.issue_id === previous!.id && !r.topic.is_new)).toBe(true);
    expect((await get(t, '/ielts/getSampleList?issue_id=4242')).res.statusCode).toBe(404);
  });
});

describe('GET /ielts/getSampleInfo and /ielts/getQuestionInfo', () => {
  it('returns a topic with every question and the full samples with Chinese notes', async () => {
    const t = await seededApp();
    const record = (await allSamples(t, '&part=part2'))[0]!;
    const { res, data } = await get<IeltsSampleInfo>(t, `/ielts/getSampleInfo?id=${record.topic.id}`);
    expect(res.statusCode).toBe(200);
    expect(data.id).toBe(record.topic.id);
    expect(data.part).toBe('part2');
    expect(data.cue_card?.prompt).toBeTruthy();
    expect(data.issue.is_current).toBe(true);
    expect(data.questions.map((q) => q.part)).toContain('part3');
    const withSample = data.questions.find((q) => q.id === record.question_id)!;
    expect(withSample.sample!.answer.startsWith(record.excerpt.replace(/…$/, ''))).toBe(true);
    expect(withSample.sample!.word_count).toBeGreaterThan(100);
    expect(withSample.sample!.notes.vocabulary.length).toBeGreaterThan(0);
    expect(withSample.sample!.notes.structure).toMatch(/[\u4e00-\u9fff]/);
    expect(withSample.sample!.notes.band_remarks).toMatch(/[\u4e00-\u9fff]/);
    expect(data.sample_count).toBe(data.questions.filter((q) => q.sample).length);
  });

  it('views a retained topic in either bank and refuses a bank that does not hold the topic', async () => {
    const t = await seededApp();
    const [current, previous] = await issues(t);
    const detail = (await get<IeltsIssueDetail>(t, '/ielts/getIssueDetail?type=part1')).data;
    const retained = detail.topics.find((tp) => !tp.is_new)!;
    const fresh = detail.topics.find((tp) => tp.is_new)!;
    const info = (await get<IeltsSampleInfo>(t, `/ielts/getSampleInfo?id=${retained.id}`)).data;
    expect(info.issues.map((i) => i.id)).toEqual([current!.id, previous!.id]);
    expect(info.issue.id).toBe(current!.id);
    const inPrevious = (
      await get<IeltsSampleInfo>(t, `/ielts/getSampleInfo?id=${retained.id}&issue_id=${previous!.id}`)
    ).data;
    expect(inPrevious.issue).toMatchObject({ id: previous!.id, is_current: false });
    const res = (await get(t, `/ielts/getSampleInfo?id=${fresh.id}&issue_id=${previous!.id}`)).res;
    expect(res.statusCode).toBe(404);
  });

  it('walks a topic question by question with prev/next', async () => {
    const t = await seededApp();
    const detail = (await get<IeltsIssueDetail>(t, '/ielts/getIssueDetail?type=part2')).data;
    const topicId = detail.topics[0]!.id;
    const topic = (await get<IeltsSampleInfo>(t, `/ielts/getSampleInfo?id=${topicId}`)).data;
    let id: number | undefined = topic.questions[0]!.id;
    const walked: number[] = [];
    let prev: number | null = null;
    while (id !== undefined) {
      const { res, data }: { res: { statusCode: number }; data: IeltsQuestionInfo } =
        await get<IeltsQuestionInfo>(t, `/ielts/getQuestionInfo?id=${id}`);
      expect(res.statusCode).toBe(200);
      expect(data.topic.id).toBe(topicId);
      expect(data.prev?.id ?? null).toBe(prev);
      walked.push(data.question.id);
      prev = data.question.id;
      id = data.next?.id;
    }
    expect(walked).toEqual(topic.questions.map((q) => q.id));
    expect(topic.questions[0]!.part).toBe('part2');
  });

  it('answers 404 for unknown topics and questions, 400 for malformed ids', async () => {
    const t = await seededApp();
    for (const url of ['/ielts/getSampleInfo?id=99999', '/ielts/getQuestionInfo?id=99999']) {
      const { res, body } = await get(t, url, { 'api-language': 'en' });
      expect(res.statusCode, url).toBe(404);
      expect(body).toEqual({ code: 404, data: null, msg: 'Resource not found' });
    }
    for (const url of [
      '/ielts/getSampleInfo',
      '/ielts/getSampleInfo?id=x',
      '/ielts/getQuestionInfo?id=',
      '/ielts/getQuestionInfo?id=2147483648',
      '/ielts/getSampleInfo?id=1&issue_id=-2',
    ]) {
      const { res, body } = await get(t, url);
      expect(res.statusCode, url).toBe(400);
      expect(body.code, url).toBe(400);
    }
  });
});

describe('IELTS caching and robustness', () => {
  it('sends an ETag on every call and answers 304 to a matching If-None-Match', async () => {
    const t = await seededApp();
    const topic = (await allSamples(t))[0]!;
    const urls = [
      '/ielts/getIssueList',
      '/ielts/getIssueDetail?type=part2',
      '/ielts/getSampleList?part=part1&current=2&size=5',
      `/ielts/getSampleInfo?id=${topic.topic.id}`,
      `/ielts/getQuestionInfo?id=${topic.question_id}`,
    ];
    for (const url of urls) {
      const first = await get(t, url);
      const etag = first.res.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      expect(first.res.headers['cache-control'], url).toBe('no-cache');
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/v1${url}`,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('never answers 500 to hostile query strings', async () => {
    const t = await seededApp();
    const paths = ['getIssueList', 'getIssueDetail', 'getSampleList', 'getSampleInfo', 'getQuestionInfo'];
    const queries = [
      'type[]=part1&id[]=1',
      'type=part1&id=1e999',
      'id=NaN&current=Infinity&size=1e2',
      `keyword=${encodeURIComponent("' or 1=1 --")}`,
      `keyword=${encodeURIComponent('\\')}&part=part1`,
      'keyword[a]=1',
      `keyword=${'%F0%9F%98%80'.repeat(40)}`,
      'issue_id=2147483647&id=2147483647&type=part3',
      '__proto__[x]=1&constructor[prototype][y]=2',
    ];
    for (const path of paths) {
      for (const query of queries) {
        const res = await t.app.inject({ method: 'GET', url: `/api/v1/ielts/${path}?${query}` });
        expect(res.statusCode, `${path}?${query}`).toBeLessThan(500);
        expect(res.json().code, `${path}?${query}`).toBe(res.statusCode === 200 ? 200 : res.statusCode);
      }
    }
  });
});
