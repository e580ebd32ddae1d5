import { isApiError } from '../../../lib/http/api-error.ts';

/** A record that is not there for this student: another student's is a 404 too; a bad id a 400. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.httpStatus === 404 || error.httpStatus === 400);
}
