import type { AppConfig } from '@app/contract/app-config';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { hasDemoLogin } from '../../db/seed/demo-state.ts';

/** The settings /app/config shows: brand, links and contacts, filings, the SMS driver. */
export type AppConfigSettings = Pick<
  Config,
  | 'BRAND_TITLE_ZH'
  | 'BRAND_TITLE_EN'
  | 'CUSTOMER_SERVICE_URL'
  | 'ASSISTANT_NAME'
  | 'ASSISTANT_PHONE'
  | 'ASSISTANT_WECHAT'
  | 'ASSISTANT_QR_URL'
  | 'APP_DOWNLOAD_URL'
  | 'BUSINESS_MAIL'
  | 'JOIN_US_MAIL'
  | 'FAQ_URL'
  | 'MANUAL_URL'
  | 'ICP_FILING'
  | 'PSB_FILING'
  | 'SMS_DRIVER'
>;

export type AppConfigServiceDeps = { db: Db; clock: Clock; config: AppConfigSettings };

export function createAppConfigService({ db, clock, config }: AppConfigServiceDeps) {
  return {
    /** Public settings of the shell (DESIGN.md §6 GET /app/config). */
    async getAppConfig(): Promise<AppConfig> {
      const year = new Date(clock.now()).getUTCFullYear();
      return {
        brand: { 'zh-Hans': config.BRAND_TITLE_ZH, en: config.BRAND_TITLE_EN },
        // Each link and contact comes from the configuration (README "Configuration"); by default the
        // links lead to the web app's own help pages (/help/faq, /help/manual, /help/app).
        customer_service_url: config.CUSTOMER_SERVICE_URL,
        teaching_assistant: {
          name: config.ASSISTANT_NAME,
          phone: config.ASSISTANT_PHONE,
          wechat: config.ASSISTANT_WECHAT,
          // Rendered by the web app as a QR code (antd QRCode); scanning opens the assistant's WeChat.
          qr: config.ASSISTANT_QR_URL,
        },
        app_download_url: config.APP_DOWNLOAD_URL,
        mails: { business: config.BUSINESS_MAIL, join_us: config.JOIN_US_MAIL },
        faq_url: config.FAQ_URL,
        manual_url: config.MANUAL_URL,
        filing: {
          // Empty unless configured: the footer shows only the filings an operator has.
          icp: config.ICP_FILING,
          police: config.PSB_FILING,
          copyright: {
            'zh-Hans': `© ${year} ${config.BRAND_TITLE_ZH} 版权所有`,
            en: `© ${year} ${config.BRAND_TITLE_EN}. All rights reserved.`,
          },
        },
        demo: await hasDemoLogin(db),
        sms_driver: config.SMS_DRIVER,
      };
    },
  };
}

export type AppConfigService = ReturnType<typeof createAppConfigService>;
