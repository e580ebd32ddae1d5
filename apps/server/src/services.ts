import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db, DbDialect } from './db/database.ts';
import { createIdempotency } from './db/idempotency.ts';
import { createHmac } from 'node:crypto';
import { resolveSecret, SECRET_SETTING_KEYS } from './db/secrets.ts';
import { createAppConfigService } from './modules/app-config/app-config.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createPasswordHasher } from './modules/auth/password-hasher.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { createSmsCodeService } from './modules/auth/sms-code.service.ts';
import { createTokenSigner } from './modules/auth/token-signer.ts';
import { createCalendarService } from './modules/courses/calendar.service.ts';
import { createClassLifecycleService } from './modules/courses/class-lifecycle.service.ts';
import { createClassReviewsService } from './modules/courses/class-reviews.service.ts';
import { createAttendanceService } from './modules/classroom/attendance.service.ts';
import { createRecordingService } from './modules/classroom/recording.service.ts';
import { createRoomService } from './modules/classroom/room.service.ts';
import { createClassroomService } from './modules/courses/classroom.service.ts';
import { createCoursesService } from './modules/courses/courses.service.ts';
import { createRemindersService } from './modules/courses/reminders.service.ts';
import { dictService } from './modules/dict/dict.service.ts';
import { createFeedbackService } from './modules/feedback/feedback.service.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createIeltsService } from './modules/ielts/ielts.service.ts';
import { createPaymentProviders } from './modules/payments/payment-providers.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createProductsService } from './modules/payments/products.service.ts';
import { createProgressService } from './modules/progress/progress.service.ts';
import { createStudentQuotas, createStudentsService } from './modules/students/students.service.ts';
import { createTeachersService } from './modules/teachers/teachers.service.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createWalletService } from './modules/wallet/wallet.service.ts';
import { createClassroomProviderFromConfig } from './providers/classroom/classroom.config.ts';
import type { PaymentProviders } from './providers/payment/payment.config.ts';
import { createSmsProviderFromConfig } from './providers/sms/sms.config.ts';
import { createStorageProviderFromConfig } from './providers/storage/storage.config.ts';
import type { StorageProvider } from './providers/storage/storage-provider.ts';

/** What services log through: the app's logger, or `silentLog` where nobody reads it. */
export type ServicesLog = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
};

export const silentLog: ServicesLog = { info() {}, warn() {} };

export type ServicesDeps = {
  /** The database, or a transaction (the operations CLI: every write of a command in one). */
  db: Db;
  dialect: DbDialect;
  /** "Now" for every service (the app's clock, a test's, or a seed's that it moves). */
  clock: Clock;
  config: Config;
  log: ServicesLog;
  /**
   * The file store of courseware and avatars. The app passes the one it opened and checked at start
   * (and closes it); others get an unchecked one built from FILE_STORE.
   */
  storage?: StorageProvider;
  /** The payment providers; those PAY_DRIVER names by default (the demo seed pays at the sandbox). */
  paymentProviders?: PaymentProviders;
};

/**
 * The composition root of the server: every service of every area, built once, each given the
 * services of the areas it calls (DESIGN.md §11: a module calls another module's service, never
 * its repository). The app (its plugins then register routes with these), the operations CLI, the
 * demo seed and the tests all build their services here, so each is wired and configured one way.
 * Secrets the config does not give are generated once into app_setting (db/secrets.ts).
 */
export async function createServices(deps: ServicesDeps) {
  const { db, dialect, clock, config, log } = deps;
  const storage = deps.storage ?? createStorageProviderFromConfig(config);
  const idempotency = createIdempotency({ db, clock });

  const students = createStudentsService({ db, clock });
  const studentQuotas = createStudentQuotas({ db, dialect, clock });

  // Accounts and sessions (modules/auth).
  const jwtSecret = await resolveSecret(db, config.JWT_SECRET, SECRET_SETTING_KEYS.jwtSecret, clock.now());
  const pepper = await resolveSecret(
    db,
    config.SMS_CODE_PEPPER,
    SECRET_SETTING_KEYS.smsCodePepper,
    clock.now(),
  );
  const signer = createTokenSigner({
    secret: new TextEncoder().encode(jwtSecret),
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    now: () => clock.now(),
  });
  const hasher = createPasswordHasher({ cost: config.SCRYPT_COST });
  const smsProvider = createSmsProviderFromConfig(config, log);
  const sessions = createSessionService({
    db,
    clock,
    signer,
    refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
  });
  const sms = createSmsCodeService({
    db,
    dialect,
    clock,
    provider: smsProvider,
    pepper,
    dailyBudget: config.SMS_DAILY_BUDGET,
    log,
  });
  const accounts = createAuthService({
    db,
    dialect,
    clock,
    hasher,
    students,
    quotas: studentQuotas,
    sessions,
    sms,
  });

  const health = createHealthService({ db, dialect, opsToken: config.OPS_TOKEN });
  const appConfig = createAppConfigService({ db, clock, config });
  const ielts = createIeltsService({ db });

  const teachers = createTeachersService({
    db,
    clock,
    settings: { minNoticeMinutes: config.BOOKING_MIN_NOTICE_MINUTES },
  });
  const wallet = createWalletService({ db, clock });
  const payments = createPaymentsService({
    db,
    dialect,
    clock,
    settings: { orderTtlMinutes: config.ORDER_TTL_MINUTES },
    providers: deps.paymentProviders ?? createPaymentProviders({ db, clock, config, log }),
    wallet,
    // An exclusive-teacher card is bound to a teacher who teaches (the teachers area decides).
    teachers,
    idempotency,
    log,
  });
  const products = createProductsService({ db, clock });

  const files = createFilesService({
    db,
    clock,
    storage,
    // Generated on first use only, shared by every instance on the database.
    secret: () => resolveSecret(db, undefined, SECRET_SETTING_KEYS.filesLinkSecret, clock.now()),
  });

  // Classes (modules/courses): booking, then what happens to a class after it, and what is said of it.
  const courses = createCoursesService({
    db,
    dialect,
    clock,
    settings: { minNoticeMinutes: config.BOOKING_MIN_NOTICE_MINUTES },
    wallet,
    idempotency,
    files,
  });
  const classLifecycle = createClassLifecycleService({ db, clock, wallet, teachers });
  const classReviews = createClassReviewsService({ db, dialect, clock, quotas: studentQuotas, teachers });
  // Signs the demo room links and derives the calendar feed tokens; shared by every instance.
  const linkSecret = await resolveSecret(db, undefined, SECRET_SETTING_KEYS.coursesLinkSecret, clock.now());
  // The live room's recordings (modules/classroom): uploaded by the teacher's seat (its link, checked
  // by the attendance service below), played by the student's signed link.
  const recordings = createRecordingService({
    db,
    clock,
    storage,
    secret: createHmac('sha256', linkSecret).update('classroom-recording').digest('base64url'),
    verifyTeacherLink: (token, now) => attendance.verifyTeacherLink(token, now),
    lifecycle: classLifecycle,
    log,
  });
  const classroom = createClassroomService({
    db,
    clock,
    provider: createClassroomProviderFromConfig(config, { secret: linkSecret, recordings }),
    lifecycle: classLifecycle,
  });
  const calendar = createCalendarService({
    db,
    clock,
    secret: linkSecret,
    brand: { zh: config.BRAND_TITLE_ZH, en: config.BRAND_TITLE_EN },
  });
  // The live classroom (modules/classroom): who was in each class's room and when (the no-show and
  // absence rules, the teacher links), and the rooms, entered by the student's session or the
  // teacher's link; the room tickets are signed with a key derived from the link secret.
  const attendance = createAttendanceService({
    db,
    clock,
    lifecycle: classLifecycle,
    log,
    settings: {
      live: config.CLASSROOM_DRIVER === 'live',
      teacherNoShowMinutes: config.TEACHER_NO_SHOW_MINUTES,
      publicUrl: config.PUBLIC_URL,
    },
    sendNotice: sms.sendNotice,
    studentMobile: async (studentId) => (await students.reminderTarget(studentId))?.mobile,
  });
  const rooms = createRoomService({
    db,
    clock,
    ice: { urls: config.ICE_SERVERS, turnSecret: config.TURN_SECRET },
    recording: config.CLASSROOM_DRIVER === 'live',
    ticketSecret: createHmac('sha256', linkSecret).update('classroom-room-ticket').digest('base64url'),
    verifyTeacherLink: (token, now) => attendance.verifyTeacherLink(token, now),
  });
  const reminders = createRemindersService({ db, clock, students, sendNotice: sms.sendNotice, log });

  const users = createUsersService({
    students,
    wallet,
    courses,
    teachers,
    storage,
    quotas: studentQuotas,
  });
  const feedback = createFeedbackService({ db, clock, quotas: studentQuotas });
  const progress = createProgressService({ db, clock });

  return {
    idempotency,
    storage,
    students,
    studentQuotas,
    auth: { accounts, sessions, sms, hasher, smsProvider },
    health,
    dict: dictService,
    appConfig,
    ielts,
    teachers,
    wallet,
    payments,
    products,
    files,
    courses,
    classLifecycle,
    classReviews,
    classroom,
    attendance,
    rooms,
    recordings,
    calendar,
    reminders,
    users,
    feedback,
    progress,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service, built once by `createServices`; each area's plugin decorates and routes its own. */
    services: Services;
  }
}
