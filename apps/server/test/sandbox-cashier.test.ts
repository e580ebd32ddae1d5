import { describe, expect, it } from 'vitest';
import type { CreatedOrder, ProductList } from '@app/contract/payments';
import { apiUrl } from '../../../test-support/http.ts';
import { createStudentSession, dataOf } from '../../../test-support/students.ts';
import { inlineStyleHashes } from '../src/modules/payments/sandbox-cashier.routes.ts';
import { transportOf } from './helpers/auth.ts';
import { createTestApp } from './helpers/test-app.ts';

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

/** The directive `name` of a policy, as its list of sources. */
function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found ? found.slice(1) : [];
}

describe('the sandbox cashier page', () => {
  it('is allowed its own stylesheet by hash, and nothing inline beyond it', async () => {
    const t = await createTestApp();
    const transport = transportOf(t);
    const products = dataOf<ProductList>(
      await transport.request({ method: 'GET', url: apiUrl('/pay/getProductList') }),
      'products',
    );
    const product = products.products.find((p) => p.kind === 'coin')!;
    const s = await createStudentSession(transport, { ip: '198.51.100.77' });
    const order = dataOf<CreatedOrder>(
      await transport.request({
        method: 'POST',
        url: apiUrl('/pay/createOrder'),
        body: { product_id: product.id, pay_method: 'alipay' },
        token: s.token,
        ip: '198.51.100.77',
        headers: { 'user-agent': DESKTOP },
      }),
      'createOrder',
    );
    const url = new URL('redirect_url' in order.pay ? order.pay.redirect_url : '');

    for (const lang of ['en', 'zh-CN']) {
      const page = await t.app.inject({
        method: 'GET',
        url: url.pathname + url.search,
        headers: { 'accept-language': lang },
      });
      expect(page.statusCode).toBe(200);
      const served = inlineStyleHashes(page.body);
      expect(served).toHaveLength(1);
      const csp = page.headers['content-security-policy'] as string;
      expect(directive(csp, 'style-src')).toEqual(served);
      expect(csp).not.toContain('unsafe-inline');
      expect(directive(csp, 'default-src')).toEqual(["'none'"]);
      expect(directive(csp, 'form-action')).toEqual(["'self'"]);
      expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    }

    // Paid from a phone that scanned the QR code: the cashier shows the result, with a success mark.
    const scanned = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}&via=qr` });
    const pay = /action="([^"]*\/pay\?[^"]*)"/.exec(scanned.body)![1]!.replace(/&#38;/g, '&');
    const paid = await t.app.inject({ method: 'POST', url: pay, payload: '' });
    expect(paid.statusCode).toBe(303);
    const result = await t.app.inject({ method: 'GET', url: paid.headers.location as string });
    expect(result.body).toMatch(
      /<p class="notice" role="status"><span class="ok" aria-hidden="true">✓<\/span>/,
    );
    expect(directive(result.headers['content-security-policy'] as string, 'style-src')).toEqual(
      inlineStyleHashes(result.body),
    );

    // The not-found page (a wrong token) is styled by the same policy.
    const missing = await t.app.inject({ method: 'GET', url: `${url.pathname}?t=wrong` });
    expect(missing.statusCode).toBe(404);
    expect(directive(missing.headers['content-security-policy'] as string, 'style-src')).toEqual(
      inlineStyleHashes(missing.body),
    );
  });
});
