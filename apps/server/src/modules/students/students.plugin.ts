import type { App } from '../../http/fastify-types.ts';
import { createStudentQuotas, type StudentQuotas } from './student-quotas.ts';
import { createStudentsService, type StudentsService } from './students.service.ts';

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
  app.decorate('students', createStudentsService({ db: app.db, clock: app.clock }));
  app.decorate(
    'studentQuotas',
    createStudentQuotas({ db: app.db, dialect: app.dbDialect, clock: app.clock }),
  );
}
