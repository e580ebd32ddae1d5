import { safeReturnUrl } from '../../../features/auth/lib/safe-return-url.ts';

/**
 * `?back=` of /user/recharge: where the student was booking when they went to top up. Only a
 * same-origin app path is kept (the login's `?url=` rule, so a crafted link cannot send a student
 * elsewhere after paying); anything else, and the home page, means "nowhere to return".
 */
export function backParam(raw: string | null): string | null {
  const path = safeReturnUrl(raw);
  return path === '/' ? null : path;
}

const KEY = 'ls.payBack.';

/**
 * The return path of an order, kept for this tab's session: on a phone the provider's page replaces
 * the recharge page and comes back to `?order_no=` without `back`.
 */
export function rememberBack(orderNo: string, back: string): void {
  try {
    sessionStorage.setItem(KEY + orderNo, back);
  } catch {
    // Storage off (private mode): the link back is lost after the provider's page, nothing else.
  }
}

export function recallBack(orderNo: string): string | null {
  try {
    return backParam(sessionStorage.getItem(KEY + orderNo));
  } catch {
    return null;
  }
}
