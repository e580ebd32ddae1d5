import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_FREE_HOURS } from '@app/contract/constants';
import { i18n, initI18n } from '../../../lib/i18n/i18n.ts';
import { CameBackNote } from './came-back-note.tsx';

beforeAll(async () => {
  await initI18n('en');
});

type Course = Parameters<typeof CameBackNote>[0]['course'];
const cancelled: Course = { status: -200, late_cancel: false, pay_type: 'coin', price_coins: 150 };
const text = (course: Course) =>
  renderToStaticMarkup(<CameBackNote course={course} />).replace(/<[^>]+>/g, '');

describe('CameBackNote', () => {
  it('says what came back to a cancelled or called-off class, and why, in English', async () => {
    await i18n.changeLanguage('en');
    expect(text(cancelled)).toBe(
      `150 study coins came back to your balance: you cancelled ${CANCEL_FREE_HOURS} hours or more before the start.`,
    );
    expect(text({ ...cancelled, pay_type: 'card', price_coins: 0 })).toContain(
      'The lesson came back to your lesson card',
    );
    expect(text({ ...cancelled, late_cancel: true })).toContain(
      `Nothing came back: you cancelled less than ${CANCEL_FREE_HOURS} hours`,
    );
    expect(text({ ...cancelled, status: -100 })).toContain('your 150 study coins came back, plus 150 more');
    expect(text({ ...cancelled, status: -100, pay_type: 'card' })).toContain('plus one more lesson');
  });

  it('says the same in Chinese', async () => {
    await i18n.changeLanguage('zh-Hans');
    expect(text(cancelled)).toBe(`已退还 150 学币到你的余额：你在开课前 ${CANCEL_FREE_HOURS} 小时以上取消。`);
    expect(text({ ...cancelled, late_cancel: true })).toContain('未退还');
    expect(text({ ...cancelled, status: -100, pay_type: 'card' })).toContain('另补偿 1 课时');
  });

  it('says nothing for a class that took place', async () => {
    expect(text({ ...cancelled, status: 300 })).toBe('');
  });
});
