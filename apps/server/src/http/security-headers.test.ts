import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeaderOptions } from './security-headers.ts';

/** helmet's version: the copy @fastify/helmet depends on, which `helmetHeaders` runs. */
function helmetVersion(): string {
  const fromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
  const main = fromPlugin.resolve('helmet');
  const manifest = JSON.parse(fs.readFileSync(path.join(path.dirname(main), 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** The security headers @fastify/helmet itself sends for `options` (the library's own path). */
async function sentByThePlugin(
  options: Parameters<typeof helmetHeaders>[0],
): Promise<Array<[string, string]>> {
  const app = Fastify();
  // The same options registerSecurityHeaders gives helmet, in the plugin's option type.
  await app.register(fastifyHelmet, options as FastifyHelmetOptions);
  app.get('/', async () => 'ok');
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const fastifysOwn = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.entries(res.headers)
    .filter(([name]) => !fastifysOwn.has(name))
    .map(([name, value]) => [name, String(value)]);
}

describe('helmetHeaders (security headers computed once from helmet)', () => {
  // It runs helmet's middleware against a stand-in response at start-up: checked against helmet 8.3.0.
  // A new major version may call the response differently or change a default: check this file's
  // comparison below, then update the range.
  it('runs against the helmet it was checked with (8.x)', () => {
    expect(helmetVersion(), 'helmet moved: re-check helmetHeaders against @fastify/helmet').toMatch(/^8\./);
  });

  const configs = [
    { HTTPS: false, MEDIA_HOSTS: [], WEB_DIST: '/nowhere' },
    { HTTPS: true, MEDIA_HOSTS: ['https://media.example.com'], WEB_DIST: '/nowhere' },
  ];

  it('gives the same headers, in the same order, as @fastify/helmet with the same options', async () => {
    for (const config of configs) {
      const options = securityHeaderOptions(config);
      for (const [name, set] of Object.entries(options)) {
        const computed = helmetHeaders(set).map(([header, value]) => [header, value]);
        expect(computed.length, name).toBeGreaterThan(3);
        expect(computed, `${name}, HTTPS ${config.HTTPS}`).toEqual(await sentByThePlugin(set));
      }
    }
  });
});
