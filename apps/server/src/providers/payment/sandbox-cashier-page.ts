/**
 * The sandbox cashier's page (PAY_DRIVER=sandbox): plain server-rendered HTML without scripts (the
 * CSP allows none inline), in the language of the request. It shows the order, the amount and the
 * page's own address (the QR code the web app shows encodes it), and Pay / Cancel as HTML forms
 * posting to the server, so it works on a phone that scanned the code as well as in the tab that
 * opened it.
 */

export type CashierLang = 'zh-Hans' | 'en';

export type CashierView = {
  lang: CashierLang;
  orderNo: string;
  titleZh: string;
  titleEn: string;
  amountFen: number;
  method: 'wechat' | 'alipay';
  status: 'awaiting' | 'paid' | 'closed';
  expiresAt: number;
  /** The page's own absolute URL (what a phone scans). */
  selfUrl: string;
  /** Form actions (paths with the link token). */
  payAction: string;
  cancelAction: string;
  /** The same page in the other language. */
  otherLangUrl: string;
  /** A line shown above the order (after Pay or Cancel). */
  notice?: 'paid' | 'cancelled';
};

const TEXT = {
  title: { 'zh-Hans': '沙箱收银台', en: 'Sandbox cashier' },
  badge: { 'zh-Hans': '沙箱环境 · 不会扣款', en: 'Sandbox · no money is taken' },
  order: { 'zh-Hans': '订单号', en: 'Order' },
  item: { 'zh-Hans': '商品', en: 'Item' },
  amount: { 'zh-Hans': '金额', en: 'Amount' },
  method: { 'zh-Hans': '支付方式', en: 'Method' },
  expires: { 'zh-Hans': '支付截止（北京时间）', en: 'Pay by (Beijing time)' },
  pay: { 'zh-Hans': '确认支付', en: 'Pay' },
  cancel: { 'zh-Hans': '取消', en: 'Cancel' },
  awaiting: { 'zh-Hans': '待支付', en: 'Awaiting payment' },
  paid: { 'zh-Hans': '支付成功，可以回到原页面查看订单', en: 'Paid. You can go back to the order page.' },
  closed: { 'zh-Hans': '订单已关闭，无法支付', en: 'This order is closed and can no longer be paid' },
  cancelled: { 'zh-Hans': '已取消支付，未扣款', en: 'Payment cancelled; nothing was charged' },
  scan: {
    'zh-Hans': '用同一网络中的手机打开此地址，也可以在手机上支付：',
    en: 'Open this address on a phone on the same network to pay there:',
  },
  wechat: { 'zh-Hans': '微信支付', en: 'WeChat Pay' },
  alipay: { 'zh-Hans': '支付宝', en: 'Alipay' },
  otherLang: { 'zh-Hans': 'English', en: '简体中文' },
  notFound: { 'zh-Hans': '收银台链接无效', en: 'Cashier link not valid' },
  notFoundHint: {
    'zh-Hans': '请回到充值页面重新下单。',
    en: 'Please go back to the recharge page and place the order again.',
  },
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function yuan(fen: number): string {
  return `¥${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** `2026-11-22 17:30` in Beijing time (China has no daylight saving time). */
function beijingTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

function page(lang: CashierLang, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { width: min(26rem, calc(100vw - 2rem)); padding: 1.5rem; border: 1px solid #8884; border-radius: 12px; box-sizing: border-box; }
  h1 { font-size: 1.3rem; margin: 0.5rem 0 1rem; }
  .badge { display: inline-block; padding: 0.2rem 0.6rem; border-radius: 999px; background: #fa8c1622; color: #d46b08; font-size: 0.85rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.4rem 1rem; margin: 0 0 1rem; }
  dt { opacity: 0.7; } dd { margin: 0; overflow-wrap: anywhere; }
  .amount { font-size: 1.6rem; font-weight: 700; white-space: nowrap; overflow-wrap: normal; }
  .notice { padding: 0.6rem 0.8rem; border-radius: 8px; background: #52c41a22; }
  .notice.warn { background: #8882; }
  .notice .ok { display: inline-grid; place-items: center; width: 1.3em; height: 1.3em; border-radius: 50%; background: #389e0d; color: #fff; font-weight: 700; }
  .actions { display: flex; gap: 0.75rem; }
  .actions form { flex: 1; }
  button { width: 100%; min-height: 2.75rem; font: inherit; border-radius: 8px; border: 1px solid #8886; background: transparent; color: inherit; cursor: pointer; }
  button.primary { background: #1677ff; border-color: #1677ff; color: #fff; font-weight: 600; }
  .muted { opacity: 0.7; font-size: 0.85rem; overflow-wrap: anywhere; }
  a { color: #1677ff; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The cashier page of an order. */
export function renderCashierPage(view: CashierView): string {
  const t = (key: keyof typeof TEXT) => escapeHtml(TEXT[key][view.lang]);
  const item = view.lang === 'en' ? view.titleEn : view.titleZh;
  const status: Record<CashierView['status'], string> = {
    awaiting: t('awaiting'),
    paid: t('paid'),
    closed: t('closed'),
  };
  const notice =
    view.notice === 'cancelled'
      ? `<p class="notice warn" role="status">${t('cancelled')}</p>`
      : view.status === 'awaiting'
        ? ''
        : // A success message carries the success mark (issue 33 §4).
          `<p class="notice${view.status === 'closed' ? ' warn' : ''}" role="status">${view.status === 'paid' ? '<span class="ok" aria-hidden="true">✓</span> ' : ''}${status[view.status]}</p>`;
  const actions =
    view.status === 'awaiting'
      ? `<div class="actions">
<form method="post" action="${escapeHtml(view.payAction)}"><button class="primary" type="submit">${t('pay')} ${yuan(view.amountFen)}</button></form>
<form method="post" action="${escapeHtml(view.cancelAction)}"><button type="submit">${t('cancel')}</button></form>
</div>
<p class="muted">${t('scan')}<br>${escapeHtml(view.selfUrl)}</p>`
      : '';
  const body = `<p><span class="badge">${t('badge')}</span> <a href="${escapeHtml(view.otherLangUrl)}" lang="${view.lang === 'en' ? 'zh-Hans' : 'en'}">${t('otherLang')}</a></p>
<h1>${t('title')}</h1>
${notice}
<dl>
<dt>${t('amount')}</dt><dd class="amount">${yuan(view.amountFen)}</dd>
<dt>${t('item')}</dt><dd>${escapeHtml(item)}</dd>
<dt>${t('method')}</dt><dd>${t(view.method)}</dd>
<dt>${t('order')}</dt><dd>${escapeHtml(view.orderNo)}</dd>
${view.status === 'awaiting' ? `<dt>${t('expires')}</dt><dd>${beijingTime(view.expiresAt)}</dd>` : ''}
</dl>
${actions}`;
  return page(view.lang, TEXT.title[view.lang], body);
}

/** The page of a link that is not (or no longer) a cashier link. */
export function renderCashierNotFound(lang: CashierLang): string {
  const body = `<h1>${escapeHtml(TEXT.notFound[lang])}</h1>
<p class="muted">${escapeHtml(TEXT.notFoundHint[lang])}</p>`;
  return page(lang, TEXT.notFound[lang], body);
}
