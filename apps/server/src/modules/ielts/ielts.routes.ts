import { errorEnvelopeSchema } from '@app/contract/envelope';
import {
  ieltsIssueDetailQuerySchema,
  ieltsIssueDetailSchema,
  ieltsIssueSchema,
  ieltsQuestionInfoQuerySchema,
  ieltsQuestionInfoSchema,
  ieltsSampleInfoQuerySchema,
  ieltsSampleInfoSchema,
  ieltsSampleListQuerySchema,
  ieltsSampleRecordSchema,
} from '@app/contract/ielts';
import { pageSchema } from '@app/contract/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CACHE_TAGS, cachedPublicRead } from '../../http/public-cache.ts';
import { readRoutes } from '../../http/read-route.ts';
import type { IeltsService } from './ielts.service.ts';

const failures = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** Public, read-only IELTS speaking calls (DESIGN.md §6); ETag-revalidated like other public reads. */
export const ieltsRoutes: FastifyPluginAsyncZod<{ ielts: IeltsService }> = async (app, { ielts }) => {
  const read = readRoutes(app, 'ielts');

  read(
    '/ielts/getIssueList',
    {
      summary: 'Question banks by season, newest first, with topic and sample counts',
      data: z.array(ieltsIssueSchema),
      failures: {},
      config: cachedPublicRead(CACHE_TAGS.ielts),
    },
    () => ielts.listIssues(),
  );

  read(
    '/ielts/getIssueDetail',
    {
      summary: 'Topics of one part of a bank (the current bank when id is absent)',
      querystring: ieltsIssueDetailQuerySchema,
      data: ieltsIssueDetailSchema,
      failures,
      config: cachedPublicRead(CACHE_TAGS.ielts),
    },
    (request) => ielts.getIssueDetail(request.query),
  );

  read(
    '/ielts/getSampleList',
    {
      summary: 'Questions with sample answers, paged; filters part, bank (issue_id), keyword',
      querystring: ieltsSampleListQuerySchema,
      data: pageSchema(ieltsSampleRecordSchema),
      failures,
      config: cachedPublicRead(CACHE_TAGS.ielts),
    },
    (request) => ielts.getSampleList(request.query),
  );

  read(
    '/ielts/getSampleInfo',
    {
      summary: 'A topic (question set) with its questions and sample answers',
      querystring: ieltsSampleInfoQuerySchema,
      data: ieltsSampleInfoSchema,
      failures,
      config: cachedPublicRead(CACHE_TAGS.ielts),
    },
    (request) => ielts.getSampleInfo(request.query),
  );

  read(
    '/ielts/getQuestionInfo',
    {
      summary: 'One question with its sample, its topic and the previous/next question',
      querystring: ieltsQuestionInfoQuerySchema,
      data: ieltsQuestionInfoSchema,
      failures,
      config: cachedPublicRead(CACHE_TAGS.ielts),
    },
    (request) => ielts.getQuestionInfo(request.query.id),
  );
};
