import { z } from 'zod';

/**
 * A link of the shell: a path of the web app (`/help/faq#contact`, opened in the app) or an absolute
 * http(s) URL (opened in a new tab).
 */
const shellLink = z.string().min(1);

/** GET /app/config: public settings of the shell (DESIGN.md §6). */
export const appConfigSchema = z.object({
  brand: z.object({ 'zh-Hans': z.string(), en: z.string() }),
  customer_service_url: shellLink,
  /** `wechat`: the assistant's WeChat ID, which a student on a phone copies and searches in WeChat. */
  teaching_assistant: z.object({ name: z.string(), phone: z.string(), wechat: z.string(), qr: z.string() }),
  app_download_url: shellLink,
  mails: z.object({ business: z.string(), join_us: z.string() }),
  faq_url: shellLink,
  manual_url: shellLink,
  filing: z.object({
    /** Filing notices (ICP, public security): empty when not configured, and then not shown. */
    icp: z.string(),
    police: z.string(),
    /** The copyright line in each language (the brand differs between them). */
    copyright: z.object({ 'zh-Hans': z.string(), en: z.string() }),
  }),
  demo: z.boolean(),
  sms_driver: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
