import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../lib/app-config/get-app-config.ts';
import { isAppPath } from '../../../lib/links.ts';
import '../../../locales/help/index.ts';
import { AssistantWeChat } from './assistant-wechat.tsx';

/**
 * The FAQ's contact section (`/help/faq#contact`), the default target of "online customer service":
 * the teaching assistant (name, phone, WeChat QR code) and the school's mail addresses from
 * /app/config, and the way to send feedback. An operator's external chat is linked when configured.
 */
export function HelpContact() {
  const { t } = useTranslation();
  const config = useAppConfig().data;
  const assistant = config?.teaching_assistant;
  const chat = config?.customer_service_url;
  return (
    <section
      id="contact"
      className="ls-help-section"
      aria-labelledby="contact-title"
      data-testid="help-contact"
    >
      <h2 id="contact-title">{t('help.contact.title')}</h2>
      <p>{t('help.contact.intro')}</p>
      {assistant ? (
        <div className="ls-help-contact">
          <dl className="ls-help-facts">
            <div>
              <dt>{t('help.contact.assistant')}</dt>
              <dd>{assistant.name}</dd>
            </div>
            <div>
              <dt>{t('assistant.phone')}</dt>
              <dd>
                <a href={`tel:${assistant.phone.replace(/[^\d+]/g, '')}`}>{assistant.phone}</a>
              </dd>
            </div>
            {chat && !isAppPath(chat) && (
              <div>
                <dt>{t('header.customerServiceChat')}</dt>
                <dd>
                  <a href={chat} target="_blank" rel="noopener noreferrer">
                    {t('help.contact.openChat')}
                    <span className="ls-sr-only">{t('footer.newTab')}</span>
                  </a>
                </dd>
              </div>
            )}
            <div>
              <dt>{t('footer.business')}</dt>
              <dd>
                <a href={`mailto:${config.mails.business}`}>{config.mails.business}</a>
              </dd>
            </div>
            <div>
              <dt>{t('footer.joinUs')}</dt>
              <dd>
                <a href={`mailto:${config.mails.join_us}`}>{config.mails.join_us}</a>
              </dd>
            </div>
          </dl>
          <div className="ls-help-qr">
            <AssistantWeChat wechat={assistant.wechat} qr={assistant.qr} qrSize={140} />
          </div>
        </div>
      ) : (
        <p className="ls-muted">{t('assistant.unavailable')}</p>
      )}
      <p>{t('help.contact.feedback')}</p>
    </section>
  );
}
