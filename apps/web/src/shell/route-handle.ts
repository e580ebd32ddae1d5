/** `handle` of every route: the i18n key of its page title (SPEC.md §1: `<page> - <brand>`). */
export type RouteHandle = { title?: string };

export function titleKeyOf(handle: unknown): string | undefined {
  if (handle && typeof handle === 'object' && 'title' in handle) {
    const title = (handle as RouteHandle).title;
    return typeof title === 'string' ? title : undefined;
  }
  return undefined;
}
