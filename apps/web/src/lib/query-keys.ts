/**
 * Every TanStack Query key of the app, one section per area (STYLE.md: bulletproof-react's
 * query-key factories). Queries take their key from here and mutations invalidate by the same
 * names, so an area can refresh another's data without importing it: a booking will invalidate
 * `queryKeys.teachers.schedules()`, `queryKeys.courses.all`, `queryKeys.wallet.all` and
 * `queryKeys.home.all`. Keys are hierarchical: `all` is the prefix of everything in its section,
 * `lists()` of every `list(params)`, so invalidating a prefix reaches every variant under it.
 *
 * An area adds its section here when it adds its first query (see docs/architecture.md). This file
 * imports nothing but a type: it is shared by src/lib and every feature.
 */

import type { StudentKey } from './session/student-id.ts';

const appConfig = ['app-config'] as const;
const dict = ['dict'] as const;
const favourites = ['favourites'] as const;
const teachers = ['teachers'] as const;
const ielts = ['ielts'] as const;
const courses = ['courses'] as const;
const wallet = ['wallet'] as const;
const home = ['home'] as const;
const payments = ['payments'] as const;
const users = ['users'] as const;
const files = ['files'] as const;
const feedback = ['feedback'] as const;
const progress = ['progress'] as const;

export const queryKeys = {
  /** GET /app/config: shell settings. */
  appConfig: { all: appConfig },

  /** GET /dict/{name}: labels depend on the api-language header, so the language is in the key. */
  dict: {
    all: dict,
    item: (name: string, lang: string) => [...dict, name, lang] as const,
  },

  /** The student's favourite teachers: ids (header badge, hearts) and the paged list. */
  favourites: {
    all: favourites,
    ids: (studentId: StudentKey) => [...favourites, 'ids', studentId ?? 'visitor'] as const,
    list: (studentId: StudentKey, current: number, size: number) =>
      [...favourites, 'list', studentId ?? 'visitor', current, size] as const,
  },

  teachers: {
    all: teachers,
    lists: () => [...teachers, 'list'] as const,
    list: <P extends object>(params: P) => [...teachers, 'list', params] as const,
    infos: () => [...teachers, 'info'] as const,
    info: (teacherId: number) => [...teachers, 'info', teacherId] as const,
    reviews: (teacherId: number) => [...teachers, 'reviews', teacherId] as const,
    /** Every teacher's slots: what a booking or a cancellation changes. */
    schedules: () => [...teachers, 'schedule'] as const,
    schedule: <P extends object>(params: P) => [...teachers, 'schedule', params] as const,
  },

  ielts: {
    all: ielts,
    issues: () => [...ielts, 'issues'] as const,
    issueDetail: (type: string, id?: number) => [...ielts, 'issue-detail', type, id ?? 'current'] as const,
    samples: <P extends object>(params: P) => [...ielts, 'samples', params] as const,
    sampleInfo: (id: number, issueId?: number) =>
      [...ielts, 'sample-info', id, issueId ?? 'default'] as const,
    question: (id: number) => [...ielts, 'question', id] as const,
    /** Browser-local recordings (IndexedDB), read through the query cache like server data. */
    recordings: (questionId: number) => [...ielts, 'recordings', questionId] as const,
  },

  /** The student's classes: timetable, course lists, reports (filled in by the courses screens). */
  courses: {
    all: courses,
    /** GET /course/getTimetable of one week (ISO [from, to)). */
    timetable: (studentId: StudentKey, from: string, to: string) =>
      [...courses, 'timetable', studentId ?? 'visitor', from, to] as const,
    /** The recent and finished lists (/course/list, /course/endCourse). */
    lists: () => [...courses, 'list'] as const,
    list: (studentId: StudentKey, scope: string, current: number, size: number) =>
      [...courses, 'list', studentId ?? 'visitor', scope, current, size] as const,
    /** One class's page (GET /course/getCourseInfo). */
    infos: () => [...courses, 'info'] as const,
    info: (studentId: StudentKey, id: number) => [...courses, 'info', studentId ?? 'visitor', id] as const,
    /** The teachers' reports: the list (unread marks) and one report. */
    feedbacks: () => [...courses, 'feedback'] as const,
    feedbackList: (studentId: StudentKey, current: number, size: number) =>
      [...courses, 'feedback', 'list', studentId ?? 'visitor', current, size] as const,
    feedbackInfo: (studentId: StudentKey, ecId: number, id: number) =>
      [...courses, 'feedback', 'info', studentId ?? 'visitor', ecId, id] as const,
    /** The student's calendar feed address (POST /course/getCalendarToken). */
    calendar: (studentId: StudentKey) => [...courses, 'calendar', studentId ?? 'visitor'] as const,
  },

  /**
   * Coins and cards: balance, coin records, card list and card records. Per student, so a second
   * login in the same tab never sees the first student's money.
   */
  wallet: {
    all: wallet,
    balance: (studentId: StudentKey) => [...wallet, 'balance', studentId ?? 'visitor'] as const,
    coinLogs: <P extends object>(studentId: StudentKey, params: P) =>
      [...wallet, 'coin-logs', studentId ?? 'visitor', params] as const,
    cards: (studentId: StudentKey) => [...wallet, 'cards', studentId ?? 'visitor'] as const,
    cardLogs: <P extends object>(studentId: StudentKey, params: P) =>
      [...wallet, 'card-logs', studentId ?? 'visitor', params] as const,
  },

  /** Recharge: the package catalogue (public) and the student's orders. */
  payments: {
    all: payments,
    products: () => [...payments, 'products'] as const,
    orders: (studentId: StudentKey) => [...payments, 'orders', studentId ?? 'visitor'] as const,
    orderList: <P extends object>(studentId: StudentKey, params: P) =>
      [...payments, 'orders', studentId ?? 'visitor', 'list', params] as const,
    order: (studentId: StudentKey, orderNo: string) =>
      [...payments, 'orders', studentId ?? 'visitor', 'info', orderNo] as const,
  },

  /** The home page's personal overview (filled in with it). */
  home: { all: home },

  /** "My progress" over a period (GET /user/getProgress, issue 37). */
  progress: {
    all: progress,
    period: (studentId: StudentKey, from: string, to: string) =>
      [...progress, studentId ?? 'visitor', from, to] as const,
  },

  /** The user centre: the account overview (GET /user/getUserHome, which also holds the profile). */
  users: {
    all: users,
    home: (studentId: StudentKey) => [...users, 'home', studentId ?? 'visitor'] as const,
  },

  /** Courseware: one folder's children (GET /user/file/myFile). */
  files: {
    all: files,
    folder: (studentId: StudentKey, folderId: number) =>
      [...files, 'folder', studentId ?? 'visitor', folderId] as const,
  },

  /** The student's complaints (GET /user/other/getFeedbackList). */
  feedback: {
    all: feedback,
    list: (studentId: StudentKey, current: number, size: number) =>
      [...feedback, 'list', studentId ?? 'visitor', current, size] as const,
  },
} as const;
