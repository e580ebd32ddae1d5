import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import { createFeedbackService, type FeedbackService } from './feedback.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Complaints and suggestions (modules/feedback). */
    feedback: FeedbackService;
  }
}

/** Complaints: the student's own, filed from the footer dialog and listed on /user/other/feedback. */
export async function feedbackPlugin(app: App): Promise<void> {
  const feedback = createFeedbackService({ db: app.db, clock: app.clock, quotas: app.studentQuotas });
  app.decorate('feedback', feedback);
  await registerApiRoutes(app, feedbackRoutes, { feedback });
}
