import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { otherLanguage } from '../../lib/i18n/language.ts';
import { useSettings } from '../../lib/settings/settings-store.ts';

type LanguageSwitchProps = { block?: boolean };

/** English / 简体中文 switch: a manual choice, stored and winning over the browser (DESIGN.md §8). */
export function LanguageSwitch({ block = false }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const setLanguage = useSettings((s) => s.setLanguage);
  const target = otherLanguage(language);
  return (
    <button
      type="button"
      className={`ls-btn ls-btn-text${block ? ' ls-btn-block' : ''}`}
      aria-label={t('header.switchLanguageLabel')}
      data-testid="language-switch"
      onClick={() => setLanguage(target, true)}
    >
      <TranslationOutlined aria-hidden="true" />
      <span lang={target}>{t('header.switchLanguage')}</span>
    </button>
  );
}
