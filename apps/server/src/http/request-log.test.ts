import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log.ts';

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
