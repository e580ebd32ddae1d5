import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_FREE_HOURS } from '@app/contract/constants';
import { i18n, initI18n } from '../../../lib/i18n/i18n.ts';
import { LateBookingWarning, TopUpOffer } from './booking-dialog.tsx';

// The booking dialog's own parts, rendered as the student reads them (the dialog itself is a portal,
// which renders only in a browser: the booking e2e covers it there).
beforeAll(async () => {
  await initI18n('en');
});

const html = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('LateBookingWarning', () => {
  it('says, in both languages, that cancelling the slot later refunds nothing', async () => {
    await i18n.changeLanguage('en');
    const en = text(html(<LateBookingWarning />));
    expect(en).toContain(`starts in less than ${CANCEL_FREE_HOURS} hours`);
    expect(en).toContain('nothing is refunded');
    await i18n.changeLanguage('zh-Hans');
    const zh = text(html(<LateBookingWarning />));
    expect(zh).toContain(`不足 ${CANCEL_FREE_HOURS} 小时`);
    expect(zh).toContain('都不退还');
  });
});

describe('TopUpOffer', () => {
  it('links to recharge coins and to buy a card, each bringing the student back to the slot', async () => {
    await i18n.changeLanguage('en');
    const markup = html(<TopUpOffer teacherId={8} slotId={1234} />);
    const hrefs = [...markup.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(hrefs).toEqual([
      '/user/recharge?back=%2Fteacher%2Fbooking%2F8%3Fslot%3D1234',
      '/user/recharge?kind=card&teacher=8&back=%2Fteacher%2Fbooking%2F8%3Fslot%3D1234',
    ]);
    expect(text(markup)).toContain('Recharge coins');
    expect(text(markup)).toContain('Buy a lesson card');
    await i18n.changeLanguage('zh-Hans');
    const zh = text(html(<TopUpOffer teacherId={8} slotId={1234} />));
    expect(zh).toContain('充值学币');
    expect(zh).toContain('购买课时卡');
  });
});
