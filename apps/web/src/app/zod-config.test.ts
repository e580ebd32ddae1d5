import { describe, expect, it } from 'vitest';

describe('zod settings of the web app', () => {
  it('runs zod without compiling parsers (no eval probe under the CSP), still validating', async () => {
    await import('./zod-config.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const { mobileSchema } = await import('@app/contract/validation');
    expect(mobileSchema.safeParse('13800138000').success).toBe(true);
    expect(mobileSchema.safeParse('123').success).toBe(false);
  });
});
