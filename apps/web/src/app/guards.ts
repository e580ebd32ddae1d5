import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isLoggedIn } from '../lib/session/session-store.ts';

/**
 * /course/* and /user/* send logged-out visitors to /login?url=… (DESIGN.md §8), so no page of
 * theirs makes a call that would answer 401. Async on purpose: the accounts issue's session store
 * decrypts its record asynchronously and can await it here.
 */
export async function requireLogin({ request }: LoaderFunctionArgs): Promise<null> {
  if (isLoggedIn()) return null;
  const url = new URL(request.url);
  throw redirect(`/login?url=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}
