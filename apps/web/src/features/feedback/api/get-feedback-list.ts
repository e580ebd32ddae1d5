import type { FeedbackItem } from '@app/contract/feedback';
import { studentPageQuery } from '../../../lib/paging/student-page-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /user/other/getFeedbackList: the student's complaints, newest first, with the school's reply. */
const feedbackList = studentPageQuery<FeedbackItem>(
  '/user/other/getFeedbackList',
  (studentId, { current, size }) => queryKeys.feedback.list(studentId, current, size),
);

export const getFeedbackList = feedbackList.fetchPage;
export const getFeedbackListQueryOptions = feedbackList.options;
export const useFeedbackList = feedbackList.usePage;
