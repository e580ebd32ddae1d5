import { DICTIONARIES, type DictItem, type DictName } from '@app/contract/dict';
import type { EnumItem } from '@app/contract/enums';
import type { Lang } from '@app/contract/i18n';
import { AppError } from '../../http/app-error.ts';

function isDictName(name: string): name is DictName {
  return Object.prototype.hasOwnProperty.call(DICTIONARIES, name);
}

function toItem(item: EnumItem, lang: Lang): DictItem {
  return { value: item.value, label: item.label[lang], color: item.color ?? null, children: [] };
}

/**
 * Dictionaries (SPEC.md §7 GET /dict/{name}) come from the contract: the service has no
 * dependencies, so one instance serves every app (the plugin decorates it like any other service).
 */
export const dictService = {
  /** The items of a dictionary with labels in `lang`; an unknown name is a 404 (SPEC.md §7). */
  getDictionary(name: string, lang: Lang): DictItem[] {
    if (!isDictName(name)) throw AppError.notFound();
    return (DICTIONARIES[name] as readonly EnumItem[]).map((item) => toItem(item, lang));
  },
};

export type DictService = typeof dictService;
