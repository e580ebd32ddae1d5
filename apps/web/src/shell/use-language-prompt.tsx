import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { withAppUi } from '../lib/antd/app-ui.ts';
import { i18n } from '../lib/i18n/i18n.ts';
import { languageToOffer, primaryBrowserLanguage } from '../lib/i18n/language.ts';
import { useSettings } from '../lib/settings/settings-store.ts';
import { browserStorage, readItem, writeItem } from '../lib/storage.ts';

/** sessionStorage flag: the prompt shows at most once per browser session (DESIGN.md §8). */
const LANGUAGE_PROMPTED_KEY = 'LANGUAGE_PROMPTED';
const NOTIFICATION_KEY = 'language-prompt';

/**
 * After each navigation: when the browser's language differs from the chosen one and the student
 * never chose manually, offer a switch, written in both languages (SPEC.md §1).
 */
export function useLanguagePrompt(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const session = browserStorage('session');
    const { language, languageManual } = useSettings.getState();
    const offer = languageToOffer({
      chosen: language,
      manual: languageManual,
      browserLanguage: primaryBrowserLanguage(),
      alreadyPrompted: readItem(session, LANGUAGE_PROMPTED_KEY) === '1',
    });
    if (!offer) return;
    writeItem(session, LANGUAGE_PROMPTED_KEY, '1');

    const section = offer === 'en' ? 'toEn' : 'toZh';
    const zh = i18n.getFixedT('zh-Hans');
    const en = i18n.getFixedT('en');
    const both = (key: string) => (offer === 'en' ? [en(key), zh(key)] : [zh(key), en(key)]);
    const [title1, title2] = both(`languagePrompt.${section}.title`);
    const [body1, body2] = both(`languagePrompt.${section}.body`);
    const [switch1, switch2] = both(`languagePrompt.${section}.switch`);
    const [keep1, keep2] = both(`languagePrompt.${section}.keep`);
    const first = offer;
    const second = offer === 'en' ? 'zh-Hans' : 'en';

    withAppUi(({ notification }) =>
      notification.open({
        key: NOTIFICATION_KEY,
        duration: 0,
        placement: 'bottomRight',
        title: (
          <span data-testid="language-prompt">
            <span lang={first}>{title1}</span> / <span lang={second}>{title2}</span>
          </span>
        ),
        description: (
          <>
            <p lang={first}>{body1}</p>
            <p lang={second}>{body2}</p>
          </>
        ),
        actions: (
          <span className="ls-actions-wrap">
            <button
              type="button"
              className="ls-btn"
              onClick={() => {
                useSettings.getState().keepLanguage();
                notification.destroy(NOTIFICATION_KEY);
              }}
            >
              <span lang={first}>{keep1}</span>&nbsp;/&nbsp;<span lang={second}>{keep2}</span>
            </button>
            <button
              type="button"
              className="ls-btn ls-btn-primary"
              onClick={() => {
                useSettings.getState().setLanguage(offer, true);
                notification.destroy(NOTIFICATION_KEY);
              }}
            >
              <span lang={first}>{switch1}</span>&nbsp;/&nbsp;<span lang={second}>{switch2}</span>
            </button>
          </span>
        ),
      }),
    );
  }, [pathname]);
}
