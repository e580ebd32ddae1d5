import type { App } from '../../http/fastify-types.ts';
import { createStudentsService, type StudentsService } from './students.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The student record (modules/students); auth and the user centre use it. */
    students: StudentsService;
  }
}

/** The student record. No routes yet: the user centre's profile calls will be its routes. */
export async function studentsPlugin(app: App): Promise<void> {
  app.decorate('students', createStudentsService({ db: app.db, clock: app.clock }));
}
