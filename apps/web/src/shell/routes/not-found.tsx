import { NotFoundPage } from '../not-found-page.tsx';

/** Any unknown path (SPEC.md §2): a 404 page with a back-home link. */
export default function NotFoundRoute() {
  return <NotFoundPage />;
}
