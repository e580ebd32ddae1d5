import type { Lang } from '@app/contract/i18n';
import type { Product } from '@app/contract/payments';

/** A package's title in the student's language. */
export function productTitle(product: Pick<Product, 'title_zh' | 'title_en'>, lang: Lang): string {
  return lang === 'en' ? product.title_en : product.title_zh;
}
