import type { OpsCommand } from '../command.ts';
import { cardAdjust, cardIssue } from './cards.ts';
import {
  classAbsent,
  classAttendance,
  classNoShow,
  classTeacherLink,
  playbackAttach,
  reportAdd,
  teacherPhone,
} from './classes.ts';
import { complaintReply, complaintState } from './complaints.ts';
import { coursewareAdd } from './courseware.ts';
import { coinsAdjust } from './coins.ts';
import { dbBackup, exportCards, exportCoins, exportOrders } from './data.ts';
import { ieltsImport } from './ielts.ts';
import { ledgerAudit } from './ledger.ts';
import { orderReconcile } from './orders.ts';
import { productAdd, productRetire, productUpdate } from './products.ts';
import { storageCheck, storageMigrate } from './storage.ts';
import { scheduleClose, schedulePublish, teacherAdd, teacherDeactivate, teacherUpdate } from './teachers.ts';

/** Every command of `npm run ops`, in the order --help lists them. */
export const COMMANDS: readonly OpsCommand[] = [
  ledgerAudit,
  coinsAdjust,
  cardIssue,
  cardAdjust,
  classNoShow,
  classAbsent,
  classTeacherLink,
  classAttendance,
  playbackAttach,
  reportAdd,
  teacherAdd,
  teacherUpdate,
  teacherDeactivate,
  teacherPhone,
  schedulePublish,
  scheduleClose,
  productAdd,
  productUpdate,
  productRetire,
  orderReconcile,
  complaintReply,
  complaintState,
  coursewareAdd,
  ieltsImport,
  exportCoins,
  exportCards,
  exportOrders,
  dbBackup,
  storageMigrate,
  storageCheck,
];
