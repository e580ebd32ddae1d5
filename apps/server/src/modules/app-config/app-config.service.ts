import type { AppConfig } from '@app/contract/app-config';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { hasDemoData } from '../../db/seed/index.ts';

/** The product's own help site; placeholders until the school publishes real documents. */
const HELP_SITE = 'https://help.linguaspark.example';

export type AppConfigDeps = { db: Db; config: Config };

export const appConfigService = {
  /** Public settings of the shell (DESIGN.md §6 GET /app/config). */
  async getAppConfig({ db, config }: AppConfigDeps): Promise<AppConfig> {
    const year = new Date().getUTCFullYear();
    return {
      brand: { 'zh-Hans': config.BRAND_TITLE_ZH, en: config.BRAND_TITLE_EN },
      customer_service_url: `${HELP_SITE}/chat`,
      teaching_assistant: {
        name: 'Lily 老师',
        phone: '400-820-1234',
        // Rendered by the web app as a QR code (antd QRCode); scanning opens the assistant's WeChat.
        qr: 'https://u.wechat.com/linguaspark-assistant',
      },
      app_download_url: `${HELP_SITE}/app`,
      mails: { business: 'business@linguaspark.example', join_us: 'join@linguaspark.example' },
      faq_url: `${HELP_SITE}/faq`,
      manual_url: `${HELP_SITE}/manual`,
      filing: {
        icp: '京ICP备00000000号-1',
        police: '京公网安备 11010000000000号',
        copyright: {
          'zh-Hans': `© ${year} ${config.BRAND_TITLE_ZH} 版权所有`,
          en: `© ${year} ${config.BRAND_TITLE_EN}. All rights reserved.`,
        },
      },
      demo: await hasDemoData(db),
      sms_driver: config.SMS_DRIVER,
    };
  },
};
