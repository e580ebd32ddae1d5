import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import type { FeedbackService } from './feedback.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Complaints and suggestions (modules/feedback). */
    feedback: FeedbackService;
  }
}

/** Complaints: the student's own, filed from the footer dialog and listed on /user/other/feedback. */
export async function feedbackPlugin(app: App): Promise<void> {
  const { feedback } = app.services;
  app.decorate('feedback', feedback);
  await registerApiRoutes(app, feedbackRoutes, { feedback });
}
