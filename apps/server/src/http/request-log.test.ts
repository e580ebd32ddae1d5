import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lineBuffer, redactUrl, RequestLogger, writeRequestLine, type LineSink } from './request-log.ts';

describe('redactUrl', () => {
  it('hides the values of credential parameters and keeps the rest', () => {
    expect(redactUrl('/api/v1/course/getCalendar.ics?token=abc123')).toBe(
      '/api/v1/course/getCalendar.ics?token=***',
    );
    expect(redactUrl('/classroom/5?t=secret&lang=en')).toBe('/classroom/5?t=***&lang=en');
    expect(redactUrl('/files/download?id=3&sig=ff00&expires=9')).toBe(
      '/files/download?id=3&sig=***&expires=9',
    );
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=***');
    expect(redactUrl('/x?TOKEN=abc')).toBe('/x?TOKEN=***');
  });

  it('leaves URLs without credentials as they are', () => {
    expect(redactUrl('/api/v1/teacher/getTeacherList?size=20&keyword=tom')).toBe(
      '/api/v1/teacher/getTeacherList?size=20&keyword=tom',
    );
    expect(redactUrl('/health')).toBe('/health');
    expect(redactUrl('/x?token')).toBe('/x?token');
    expect(redactUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
  });
});

describe('lineBuffer', () => {
  function recorder(): LineSink & { chunks: string[]; syncs: number } {
    const sink = {
      chunks: [] as string[],
      syncs: 0,
      write(chunk: string) {
        sink.chunks.push(chunk);
      },
      flushSync() {
        sink.syncs += 1;
      },
    };
    return sink;
  }

  it('hands lines over as one chunk, in order, once enough characters are waiting', () => {
    const sink = recorder();
    const { stream } = lineBuffer(sink, { bytes: 12, flushMs: 60_000 });
    stream.write('one\n');
    stream.write('two\n');
    expect(sink.chunks).toEqual([]);
    stream.write('three\n');
    expect(sink.chunks).toEqual(['one\ntwo\nthree\n']);
    stream.write('four\n');
    expect(sink.chunks).toHaveLength(1);
  });

  it('hands over what is waiting on flush and waits for the sink', () => {
    const sink = recorder();
    const buffer = lineBuffer(sink, { bytes: 4096, flushMs: 60_000 });
    buffer.stream.write('a\n');
    buffer.stream.write('b\n');
    buffer.flush();
    expect(sink.chunks).toEqual(['a\nb\n']);
    expect(sink.syncs).toBe(1);
    buffer.flush();
    expect(sink.chunks).toHaveLength(1);
  });

  // lineBuffer replaces pino.destination's own buffering (`minLength`) and hands SonicBoom one
  // chunk per batch: checked against sonic-boom 4.2.1, the version pino 9 depends on.
  it("hands its chunks to pino's destination, which writes every line (checked against sonic-boom 4.2)", () => {
    const sonicBoom = createRequire(createRequire(import.meta.url).resolve('pino'))(
      'sonic-boom/package.json',
    ) as { version: string };
    expect(sonicBoom.version, 'sonic-boom moved: re-check lineBuffer against pino.destination').toMatch(
      /^4\./,
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-lines-'));
    const fd = fs.openSync(path.join(dir, 'log'), 'w');
    try {
      const buffer = lineBuffer(pino.destination({ dest: fd, sync: true }), { bytes: 64, flushMs: 60_000 });
      const lines = Array.from({ length: 50 }, (_, i) => `{"n":${i},"msg":"request"}\n`);
      for (const line of lines) buffer.stream.write(line);
      buffer.flush();
      expect(fs.readFileSync(path.join(dir, 'log'), 'utf8')).toBe(lines.join(''));
    } finally {
      fs.closeSync(fd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hands a lone line over after flushMs', async () => {
    const sink = recorder();
    const { stream } = lineBuffer(sink, { bytes: 4096, flushMs: 20 });
    stream.write('late\n');
    expect(sink.chunks).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(sink.chunks).toEqual(['late\n']);
  });
});

describe('the request line', () => {
  // writeRequestLine reads pino's own state through `pino.symbols` (not a documented API): checked
  // against pino 9.14.0. When pino changes, the byte-for-byte test below and this one say so.
  it('reads pino state that pino still keeps (checked against pino 9.14)', () => {
    expect(pino.version, 'pino moved: re-check writeRequestLine against a child logger').toMatch(/^9\./);
    const read = [
      'streamSym',
      'timeSym',
      'chindingsSym',
      'lsCacheSym',
      'formattersSym',
      'hooksSym',
      'mixinSym',
      'messageKeySym',
      'needsMetadataGsym',
    ] as const;
    for (const name of read) expect(typeof pino.symbols[name], name).toBe('symbol');
  });

  /** A pino logger writing into an array, with a fixed time so two lines can be compared. */
  function recordingLogger(options: pino.LoggerOptions = {}) {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info', timestamp: () => ',"time":1700000000000', ...options },
      { write: (line: string) => void lines.push(line) },
    );
    return { logger, lines };
  }

  const cases = [
    { method: 'GET', url: '/api/v1/dict/sex', status: 200, ms: 0.4, ip: '127.0.0.1' },
    { method: 'POST', url: '/x?q="quoted"\\back\u0001ctl&emoji=😀', status: 400, ms: 12, ip: '::1' },
    { method: 'GET', url: '/课程/' + 'long'.repeat(40), status: 304, ms: Number.NaN, ip: '2001:db8::1' },
  ];

  it("is byte for byte what pino writes from the request's child logger", () => {
    for (const fields of cases) {
      const fast = recordingLogger();
      const slow = recordingLogger();
      const requestLog = new RequestLogger(fast.logger, { reqId: 'r-1' }, {});
      expect(writeRequestLine(requestLog, 'r-1', fields)).toBe(true);
      slow.logger.child({ reqId: 'r-1' }).info(fields, 'request');
      expect(fast.lines).toEqual(slow.lines);
      expect(JSON.parse(fast.lines[0]!)).toMatchObject({ reqId: 'r-1', url: fields.url, msg: 'request' });
    }
  });

  it("writes nothing below the logger's level, and leaves a route's own level, another logger and unusual formatting to pino", () => {
    const quiet = recordingLogger({ level: 'warn' });
    const fields = cases[0]!;
    expect(writeRequestLine(new RequestLogger(quiet.logger, { reqId: 'r-2' }, {}), 'r-2', fields)).toBe(true);
    expect(quiet.lines).toEqual([]);

    const routeLevel = recordingLogger();
    const ownLevel = new RequestLogger(routeLevel.logger, { reqId: 'r-3' }, { level: 'debug' });
    expect(writeRequestLine(ownLevel, 'r-3', fields)).toBe(false);
    expect(writeRequestLine(routeLevel.logger.child({ reqId: 'r-3' }), 'r-3', fields)).toBe(false);

    const mixed = recordingLogger({ mixin: () => ({ region: 'cn' }) });
    expect(writeRequestLine(new RequestLogger(mixed.logger, { reqId: 'r-4' }, {}), 'r-4', fields)).toBe(
      false,
    );
    const formatted = recordingLogger({ formatters: { log: (object) => object } });
    expect(writeRequestLine(new RequestLogger(formatted.logger, { reqId: 'r-5' }, {}), 'r-5', fields)).toBe(
      false,
    );
    expect([...mixed.lines, ...formatted.lines, ...routeLevel.lines]).toEqual([]);
  });
});

describe('RequestLogger', () => {
  it('makes the child logger on first use only, with the bindings and options Fastify gave it', () => {
    const lines: string[] = [];
    const root = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    let children = 0;
    // The app's logger as Fastify hands it over, counting the children made from it.
    const parent = Object.assign(Object.create(root) as pino.Logger, {
      child: (bindings: pino.Bindings, options?: pino.ChildLoggerOptions) => {
        children += 1;
        return root.child(bindings, options);
      },
    });

    const log = new RequestLogger(parent, { reqId: 'r-9' }, { level: 'warn' });
    expect(children).toBe(0);
    expect(log.level).toBe('warn');
    log.info('not at warn');
    log.warn({ code: 40001 }, 'refused');
    log.error(new Error('boom'));
    expect(children).toBe(1);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 40, reqId: 'r-9', code: 40001, msg: 'refused' }),
      expect.objectContaining({ level: 50, reqId: 'r-9', msg: 'boom' }),
    ]);
    log.level = 'debug';
    log.debug('now shown');
    expect(lines).toHaveLength(3);
    log.child({ job: 'x' }).debug('from a child');
    expect(JSON.parse(lines[3]!)).toMatchObject({ reqId: 'r-9', job: 'x', msg: 'from a child' });
    expect(children).toBe(1);
  });
});
