/**
 * The envelope's shape without zod, so the web app's HTTP client can check replies without pulling
 * zod into the first screen (zod has module-level side effects that defeat tree-shaking).
 */

/** Every JSON reply, success or failure: `{ code, data, msg }` (SPEC.md §7, DESIGN.md §5). */
export type Envelope<T> = { code: number; data: T; msg: string };

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    'msg' in value
  );
}
