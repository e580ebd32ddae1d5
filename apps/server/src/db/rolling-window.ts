/**
 * With `times` newest first, the wait until fewer than `max` of them fall inside the rolling
 * `windowMs`: the `max`-th newest has to leave the window. 0 when the limit is not reached.
 * Shared by the limits counted over stored rows: auth's (SMS sends, password tries) and the
 * per-student quotas (modules/students).
 */
export function rollingWindowWait(
  now: number,
  times: readonly number[],
  max: number,
  windowMs: number,
): number {
  const inWindow = times.filter((t) => t > now - windowMs);
  if (inWindow.length < max) return 0;
  return inWindow[max - 1]! + windowMs - now;
}
