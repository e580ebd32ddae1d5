import { describe, expect, it } from 'vitest';
import { DICTIONARIES, DICT_NAMES } from '@app/contract/dict';
import { createTestApp } from './helpers/test-app.ts';

describe('GET /api/v1/dict/:name', () => {
  it('serves the five feedback types with English labels when api-language is en', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/dict/student.feedback.type',
      headers: { 'api-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.msg).toBe('Success');
    expect(body.data).toEqual([
      { value: 'bug', label: 'Bug', color: 'red', children: [] },
      { value: 'teacher', label: 'Teacher complaint', color: 'orange', children: [] },
      { value: 'course', label: 'Course complaint', color: 'gold', children: [] },
      { value: 'suggestion', label: 'Suggestion', color: 'blue', children: [] },
      { value: 'other', label: 'Other', color: 'default', children: [] },
    ]);
  });

  it('serves Chinese labels for zh-Hans and when no language is sent', async () => {
    const { app } = await createTestApp();
    for (const headers of [{ 'api-language': 'zh-Hans' }, {}]) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/dict/student.feedback.type', headers });
      const body = res.json();
      expect(body.msg).toBe('成功');
      expect(body.data).toHaveLength(5);
      const labels = body.data.map((i: { label: string }) => i.label);
      expect(labels).toEqual(DICTIONARIES['student.feedback.type'].map((i) => i.label['zh-Hans']));
      for (const label of labels) expect(label).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('serves every dictionary of the contract in both languages', async () => {
    const { app } = await createTestApp();
    expect(DICT_NAMES).toHaveLength(13);
    for (const name of DICT_NAMES) {
      for (const lang of ['zh-Hans', 'en'] as const) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/v1/dict/${name}`,
          headers: { 'api-language': lang },
        });
        expect(res.statusCode, name).toBe(200);
        const items = res.json().data as {
          value: unknown;
          label: string;
          color: unknown;
          children: unknown[];
        }[];
        const source = DICTIONARIES[name];
        expect(items.map((i) => i.value)).toEqual(source.map((i) => i.value));
        expect(items.map((i) => i.label)).toEqual(source.map((i) => i.label[lang]));
        for (const item of items) {
          expect(item.children).toEqual([]);
          expect(item.color === null || typeof item.color === 'string').toBe(true);
        }
      }
    }
  });

  it('answers 404 with an envelope for an unknown dictionary', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/dict/no.such.dict',
      headers: { 'api-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, data: null, msg: 'Resource not found' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends a strong ETag with no-cache and answers 304 to a matching If-None-Match', async () => {
    const { app } = await createTestApp();
    const first = await app.inject({
      method: 'GET',
      url: '/api/v1/dict/sex',
      headers: { 'api-language': 'en' },
    });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toContain('api-language');

    const again = await app.inject({
      method: 'GET',
      url: '/api/v1/dict/sex',
      headers: { 'api-language': 'en', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const listed = await app.inject({
      method: 'GET',
      url: '/api/v1/dict/sex',
      headers: { 'api-language': 'en', 'if-none-match': `"other", W/${etag}` },
    });
    expect(listed.statusCode).toBe(304);

    // The other language is another representation: another ETag, so no 304.
    const zh = await app.inject({
      method: 'GET',
      url: '/api/v1/dict/sex',
      headers: { 'if-none-match': etag },
    });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers.etag).not.toBe(etag);
  });
});
