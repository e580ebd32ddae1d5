import { describe, expect, it } from 'vitest';
import { displayName, initials, maskMobile } from './user-display.ts';

describe('user display', () => {
  it('masks the middle four digits of a mobile number', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
    expect(maskMobile('12345')).toBe('*2345');
    expect(maskMobile('123')).toBe('123');
  });

  it('greets with the nickname, then the English name, then the masked phone', () => {
    const info = { student_nick: '小明', student_eng_name: 'Ming', student_phone: '13800138000' };
    expect(displayName(info)).toBe('小明');
    expect(displayName({ ...info, student_nick: ' ' })).toBe('Ming');
    expect(displayName({ ...info, student_nick: '', student_eng_name: '' })).toBe('138****8000');
  });

  it('derives avatar initials for Chinese and Latin names', () => {
    expect(initials('小明')).toBe('小');
    expect(initials('lily chen')).toBe('LC');
    expect(initials('Anna Maria Lee')).toBe('AM');
    expect(initials('')).toBe('?');
  });
});
