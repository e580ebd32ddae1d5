import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n/i18n.ts';
import { CardLastDay } from './lesson-card-item.tsx';

beforeAll(async () => {
  await initI18n('zh-Hans');
});

const text = (node: React.ReactNode) =>
  renderToStaticMarkup(node)
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ');

// Server rendering reads the settings store's initial state (zh-Hans): the English texts are
// checked on cardLastDay itself (lib/time/card-validity.test.ts).
describe('CardLastDay', () => {
  it('shows the last usable day in the student zone and in Beijing time (a London student)', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/London';
    try {
      await i18n.changeLanguage('zh-Hans');
      // Expires 2027-02-26 00:00 in Beijing: usable all of 25 Feb there, until 16:00 in London.
      expect(text(<CardLastDay expiresAt="2027-02-25T16:00:00.000Z" />)).toBe(
        '2027年2月25日周四 16:00 前 （北京时间 2027年2月25日周四）',
      );
      expect(text(<CardLastDay expiresAt="2027-02-25T06:30:00.000Z" />)).toBe(
        '2027年2月25日周四 06:30 前 （北京时间 2027年2月25日周四 14:30 前）',
      );
    } finally {
      process.env.TZ = zone;
    }
  });
});
