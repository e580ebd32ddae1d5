import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
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
import { ok } from '../../http/envelope.ts';
import { revalidate } from '../../http/http-cache.ts';
import { ieltsService } from './ielts.service.ts';

const failures = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** Public, read-only IELTS speaking calls (DESIGN.md §6); ETag-revalidated like other public reads. */
export const ieltsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ielts/getIssueList',
    {
      config: revalidate,
      schema: {
        tags: ['ielts'],
        summary: 'Question banks by season, newest first, with topic and sample counts',
        response: { 200: envelopeSchema(z.array(ieltsIssueSchema)) },
      },
    },
    async () => ok(await ieltsService.listIssues(app.db)),
  );

  app.get(
    '/ielts/getIssueDetail',
    {
      config: revalidate,
      schema: {
        tags: ['ielts'],
        summary: 'Topics of one part of a bank (the current bank when id is absent)',
        querystring: ieltsIssueDetailQuerySchema,
        response: { 200: envelopeSchema(ieltsIssueDetailSchema), ...failures },
      },
    },
    async (request) => ok(await ieltsService.getIssueDetail(app.db, request.query)),
  );

  app.get(
    '/ielts/getSampleList',
    {
      config: revalidate,
      schema: {
        tags: ['ielts'],
        summary: 'Questions with sample answers, paged; filters part, bank (issue_id), keyword',
        querystring: ieltsSampleListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(ieltsSampleRecordSchema)), ...failures },
      },
    },
    async (request) => ok(await ieltsService.getSampleList(app.db, request.query)),
  );

  app.get(
    '/ielts/getSampleInfo',
    {
      config: revalidate,
      schema: {
        tags: ['ielts'],
        summary: 'A topic (question set) with its questions and sample answers',
        querystring: ieltsSampleInfoQuerySchema,
        response: { 200: envelopeSchema(ieltsSampleInfoSchema), ...failures },
      },
    },
    async (request) => ok(await ieltsService.getSampleInfo(app.db, request.query)),
  );

  app.get(
    '/ielts/getQuestionInfo',
    {
      config: revalidate,
      schema: {
        tags: ['ielts'],
        summary: 'One question with its sample, its topic and the previous/next question',
        querystring: ieltsQuestionInfoQuerySchema,
        response: { 200: envelopeSchema(ieltsQuestionInfoSchema), ...failures },
      },
    },
    async (request) => ok(await ieltsService.getQuestionInfo(app.db, request.query.id)),
  );
};
