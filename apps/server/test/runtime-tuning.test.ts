import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const probe = fileURLToPath(new URL('./helpers/pretenuring-probe.ts', import.meta.url));

async function lastObjectIsYoung(mode: 'tuned' | 'default'): Promise<boolean> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    // Single-threaded: V8's concurrent compiling and marking would make the decision's timing vary.
    ['--single-threaded', '--allow-natives-syntax', '--expose-gc', '--import', 'tsx', probe, mode],
    { timeout: 60_000 },
  );
  return (JSON.parse(stdout) as { young: boolean }).young;
}

/**
 * The server's V8 settings (src/runtime-tuning.ts): after a burst whose objects all survived, V8
 * allocates that place's next objects in the old generation; with the server's settings it keeps
 * allocating them young, so a request's garbage stays cheap to collect.
 */
describe("the server's V8 settings", () => {
  it('keep allocating young where a burst of surviving objects made V8 allocate old', async () => {
    expect(await lastObjectIsYoung('default')).toBe(false);
    expect(await lastObjectIsYoung('tuned')).toBe(true);
  });
});
