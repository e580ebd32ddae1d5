import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isLoggedIn, whenSessionReady } from '../lib/session/session-store.ts';

/**
 * /course/* and /user/* send logged-out visitors to /login?url=… (DESIGN.md §8), so no page of
 * theirs makes a call that would answer 401. The stored session is decrypted asynchronously, so the
 * guard waits for it (start-up already awaits it too; this covers a slow IndexedDB).
 */
export async function requireLogin({ request }: LoaderFunctionArgs): Promise<null> {
  await whenSessionReady();
  if (isLoggedIn()) return null;
  const url = new URL(request.url);
  throw redirect(`/login?url=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}
