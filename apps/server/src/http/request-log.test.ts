import { describe, expect, it } from 'vitest';
import { lineBuffer, redactUrl, type LineSink } from './request-log.ts';

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

  it('hands a lone line over after flushMs', async () => {
    const sink = recorder();
    const { stream } = lineBuffer(sink, { bytes: 4096, flushMs: 20 });
    stream.write('late\n');
    expect(sink.chunks).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(sink.chunks).toEqual(['late\n']);
  });
});
