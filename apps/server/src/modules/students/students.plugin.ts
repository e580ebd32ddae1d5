import type { App } from '../../http/fastify-types.ts';
import type { StudentQuotas, StudentsService } from './students.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The student record (modules/students); auth and the user centre use it. */
    students: StudentsService;
    /** Per-student limits on what costs (issue 32 §4): password tries, complaints, reviews, uploads. */
    studentQuotas: StudentQuotas;
  }
}

/** The student record and the per-student limits. No routes: the user centre's calls are its routes. */
export async function studentsPlugin(app: App): Promise<void> {
  app.decorate('students', app.services.students);
  app.decorate('studentQuotas', app.services.studentQuotas);
}
