import { z } from 'zod';

/** GET /app/config: public settings of the shell (DESIGN.md §6). */
export const appConfigSchema = z.object({
  brand: z.object({ 'zh-Hans': z.string(), en: z.string() }),
  customer_service_url: z.string(),
  teaching_assistant: z.object({ name: z.string(), phone: z.string(), qr: z.string() }),
  app_download_url: z.string(),
  mails: z.object({ business: z.string(), join_us: z.string() }),
  faq_url: z.string(),
  manual_url: z.string(),
  filing: z.object({
    icp: z.string(),
    police: z.string(),
    /** The copyright line in each language (the brand differs between them). */
    copyright: z.object({ 'zh-Hans': z.string(), en: z.string() }),
  }),
  demo: z.boolean(),
  sms_driver: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
