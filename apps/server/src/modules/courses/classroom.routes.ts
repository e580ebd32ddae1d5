import { errorEnvelopeSchema } from '@app/contract/envelope';
import { recordIdSchema } from '@app/contract/courses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderDemoRoomNotFound, renderDemoRoomPage } from '../../providers/classroom/demo-classroom-page.ts';
import type { ClassroomService } from './classroom.service.ts';

/**
 * The demo classroom page (CLASSROOM_DRIVER=demo), an HTML page rather than an envelope (DESIGN.md
 * §5: replies that are not JSON by nature). Session policy `none`: the signed token in the link is
 * the credential (only the class's student is given it), so the link opens in a new tab or on a
 * phone without the web app's Authorization header. A wrong token or class is an HTML 404.
 */
export const classroomRoutes: FastifyPluginAsyncZod<{ classroom: ClassroomService }> = async (
  app,
  { classroom },
) => {
  app.get(
    '/classroom/demo/:id',
    {
      config: { session: 'none' },
      schema: {
        tags: ['courses'],
        summary: 'The demo classroom page of a class (HTML; the link of getCourseInfo.classroom_url)',
        params: z.object({ id: recordIdSchema }),
        querystring: z.object({ t: z.string().max(200).default('') }),
        // HTML (sent as text/html, so no JSON serializer touches it).
        response: { 200: z.string(), 400: errorEnvelopeSchema, 404: z.string() },
      },
    },
    async (request, reply) => {
      const view = await classroom.demoRoomPage(request.params.id, request.query.t);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!view) return reply.code(404).send(renderDemoRoomNotFound());
      return reply.send(renderDemoRoomPage(view));
    },
  );
};
