import { describe, expect, it } from 'vitest';
import { DICT_NAMES } from '@app/contract/dict';
import { AppError } from '../../http/app-error.ts';
import { dictService } from './dict.service.ts';

describe('dictService.getDictionary', () => {
  it('maps every contract dictionary to items with a label in the language', () => {
    for (const name of DICT_NAMES) {
      const en = dictService.getDictionary(name, 'en');
      const zh = dictService.getDictionary(name, 'zh-Hans');
      expect(en.length).toBeGreaterThan(0);
      expect(en.map((i) => i.value)).toEqual(zh.map((i) => i.value));
      for (const item of en) expect(item.children).toEqual([]);
    }
  });

  it('refuses unknown names and names inherited from Object.prototype with a 404', () => {
    for (const name of ['nope', '__proto__', 'constructor', 'toString']) {
      expect(() => dictService.getDictionary(name, 'en')).toThrow(AppError);
      try {
        dictService.getDictionary(name, 'en');
      } catch (err) {
        expect((err as AppError).code).toBe(404);
      }
    }
  });
});
