import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@app/contract/i18n';
import { HTTP_MESSAGES, httpStatusMessage, networkMessage, timeoutMessage } from './http-messages.ts';

describe('HTTP messages', () => {
  it('has a non-empty text in both languages for every entry', () => {
    for (const [key, texts] of Object.entries(HTTP_MESSAGES)) {
      for (const lang of LANGUAGES) expect(texts[lang], `${key} ${lang}`).toMatch(/\S/);
      expect(texts['zh-Hans'], key).not.toBe(texts.en);
    }
  });

  it('covers exactly the statuses of SPEC.md §8 plus default, timeout and network', () => {
    expect(Object.keys(HTTP_MESSAGES).sort()).toEqual(
      ['400', '401', '403', '404', '405', '408', '500', '501', '502', '503', '504', '505'].concat([
        'default',
        'network',
        'timeout',
      ]),
    );
  });

  it('returns the text of a known status in the requested language', () => {
    expect(httpStatusMessage(404, 'zh-Hans')).toBe('请求资源未找到');
    expect(httpStatusMessage(404, 'en')).toBe('Resource not found');
    expect(httpStatusMessage(505, 'zh-Hans')).toBe('HTTP版本不受支持');
  });

  it('returns "请求错误" / "Request error" for any other status', () => {
    for (const status of [0, 302, 409, 418, 422, 429, 599, 66666]) {
      expect(httpStatusMessage(status, 'zh-Hans')).toBe('请求错误');
      expect(httpStatusMessage(status, 'en')).toBe('Request error');
    }
  });

  it('has the timeout and network texts in both languages', () => {
    expect([timeoutMessage('zh-Hans'), timeoutMessage('en')]).toEqual(['请求超时', 'Request timeout']);
    expect([networkMessage('zh-Hans'), networkMessage('en')]).toEqual(['网络不可用', 'Network unavailable']);
  });
});
