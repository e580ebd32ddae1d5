import type { Page } from 'playwright-core';

/** What the payment flows (recharge.e2e.ts) and the wallet pages at 375 px (recharge-phone.e2e.ts) share. */

export const PHONE = { width: 375, height: 740 };

/** Chooses a package on /user/recharge (the first coin package with bonus coins when asked) and a method, then orders. */
export async function order(
  page: Page,
  { method, bonus = false }: { method: 'wechat' | 'alipay'; bonus?: boolean },
): Promise<{ bonus: number; coins: number }> {
  await page.getByTestId('packages').waitFor();
  const pkg = bonus
    ? page.getByTestId('package').and(page.locator(':not([data-bonus="0"])')).first()
    : page.getByTestId('package').first();
  await pkg.click();
  const bonusCoins = Number(await pkg.getAttribute('data-bonus'));
  const title = (await pkg.locator('.ls-pay-option-title').textContent()) ?? '';
  await page.getByTestId(`pay-method-${method}`).click();
  await page.getByTestId('recharge-submit').click();
  await page.getByTestId('payment-step').waitFor();
  return { bonus: bonusCoins, coins: Number(/\d[\d,]*/.exec(title)?.[0].replace(/,/g, '') ?? 0) };
}
