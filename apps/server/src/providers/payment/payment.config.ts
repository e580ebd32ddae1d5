import { z } from 'zod';
import { flag, optionalString } from '../../env-fields.ts';
import type { PaymentDriver, PaymentProvider, PayMethod } from './payment-provider.ts';
import { createSandboxPaymentProvider, type SandboxPaymentStore } from './sandbox.ts';
import { createAlipayProvider } from './alipay.ts';
import type { PaymentLogger } from './payment-wire.ts';
import { createWechatPayProvider } from './wechat.ts';

/**
 * The payment providers' environment variables (README "Configuration"), merged into the server's
 * environment schema by config.ts. PAY_DRIVER chooses the providers: `sandbox` (the default: a local
 * cashier page that takes both methods and no money), or the real ones, `alipay`, `wechat`, or both
 * as a comma-separated list (`alipay,wechat`), since a school in China takes both. The sandbox never
 * mixes with a real provider: it would credit without money next to drivers that take money.
 * Each real driver's settings are required when it is chosen.
 */

export const PAY_DRIVERS = ['sandbox', 'alipay', 'wechat'] as const satisfies readonly PaymentDriver[];

const payDriver = z
  .string()
  .trim()
  .transform((raw, ctx): PaymentDriver[] => {
    const list = raw
      .toLowerCase()
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = list.filter((d) => !(PAY_DRIVERS as readonly string[]).includes(d));
    if (list.length === 0 || unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected sandbox, alipay, wechat or alipay,wechat${unknown.length > 0 ? ` (unknown: ${unknown.join(', ')})` : ''}`,
      });
      return z.NEVER;
    }
    const drivers = [...new Set(list)] as PaymentDriver[];
    if (drivers.includes('sandbox') && drivers.length > 1) {
      ctx.addIssue({
        code: 'custom',
        message: 'sandbox credits without taking money and cannot be combined with a real provider',
      });
      return z.NEVER;
    }
    return drivers;
  });

/** PEM text in one environment line: `\n` written literally stands for a line break. */
const keyText = optionalString.transform((v) => v?.replace(/\\n/g, '\n'));

export const paymentEnvSchema = z.object({
  PAY_DRIVER: payDriver.default(['sandbox']),
  /**
   * Lets the sandbox cashier run on a public address (a staging site whose testers must not pay).
   * Without it the sandbox runs only on a plainly local instance (`sandboxRefusal`).
   */
  ALLOW_SANDBOX_PAYMENTS: optionalString.pipe(flag.optional()),
  /** Alipay (PAY_DRIVER includes alipay): app id and keys required; seller id and gateway optional. */
  ALIPAY_APP_ID: optionalString,
  /** The application's RSA2 private key (PEM or the console's bare base64). */
  ALIPAY_PRIVATE_KEY: keyText,
  /** Alipay's public key (not the application's), which verifies notifications. */
  ALIPAY_PUBLIC_KEY: keyText,
  /** The merchant's seller id (2088…): when set, notifications for another seller are refused. */
  ALIPAY_SELLER_ID: optionalString,
  /** The gateway (default: Alipay's production gateway; its sandbox gateway for testing). */
  ALIPAY_GATEWAY: optionalString.pipe(z.url({ protocol: /^https$/ }).optional()),
  /** WeChat Pay API v3 (PAY_DRIVER includes wechat): all required. */
  WECHAT_MCHID: optionalString,
  WECHAT_APPID: optionalString,
  /** The 32-character APIv3 key that decrypts notification resources. */
  WECHAT_API_V3_KEY: optionalString.pipe(
    z.string().length(32, 'must be the 32-character APIv3 key').optional(),
  ),
  WECHAT_MERCHANT_PRIVATE_KEY: keyText,
  /** Serial number of the merchant API certificate (signs requests). */
  WECHAT_MERCHANT_SERIAL: optionalString,
  /** The WeChat Pay public key (or platform certificate) that verifies notifications. */
  WECHAT_PLATFORM_PUBLIC_KEY: keyText,
  /** Its serial: the platform certificate serial, or the public key id (PUB_KEY_ID_…). */
  WECHAT_PLATFORM_SERIAL: optionalString,
});

export type PaymentSettings = z.output<typeof paymentEnvSchema>;

const ALIPAY_REQUIRED = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;
const WECHAT_REQUIRED = [
  'WECHAT_MCHID',
  'WECHAT_APPID',
  'WECHAT_API_V3_KEY',
  'WECHAT_MERCHANT_PRIVATE_KEY',
  'WECHAT_MERCHANT_SERIAL',
  'WECHAT_PLATFORM_PUBLIC_KEY',
  'WECHAT_PLATFORM_SERIAL',
] as const;

/** The settings the chosen drivers need but lack (config.ts refuses to start with any). */
export function missingPaymentSettings(settings: PaymentSettings): { key: string; message: string }[] {
  const missing = (driver: PaymentDriver, keys: readonly (keyof PaymentSettings)[]) =>
    settings.PAY_DRIVER.includes(driver)
      ? keys
          .filter((key) => !settings[key])
          .map((key) => ({ key, message: `required when PAY_DRIVER includes ${driver}` }))
      : [];
  return [...missing('alipay', ALIPAY_REQUIRED), ...missing('wechat', WECHAT_REQUIRED)];
}

/** Hosts of a plainly local instance, where the sandbox cashier may run without being asked for. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The sandbox fails closed (issue 32): it credits coins and cards without taking money, so an
 * instance that reaches students (PUBLIC_URL on any host but localhost) refuses to start with it,
 * whether PAY_DRIVER says `sandbox` or is simply missing, unless ALLOW_SANDBOX_PAYMENTS=1 says it
 * is wanted (a staging site). One instance of a fleet that misses PAY_DRIVER would otherwise hand
 * out cashier links that credit real coins in the shared database.
 */
export function sandboxRefusal(
  settings: Pick<PaymentSettings, 'PAY_DRIVER' | 'ALLOW_SANDBOX_PAYMENTS'> & {
    PUBLIC_URL: string;
    PUBLIC_URL_CONFIGURED: boolean;
  },
): { key: string; message: string } | undefined {
  if (!settings.PAY_DRIVER.includes('sandbox') || settings.ALLOW_SANDBOX_PAYMENTS === true) return undefined;
  if (!settings.PUBLIC_URL_CONFIGURED) return undefined;
  const host = new URL(settings.PUBLIC_URL).hostname.toLowerCase();
  if (LOCAL_HOSTS.has(host)) return undefined;
  return {
    key: 'PAY_DRIVER',
    message: `the sandbox cashier takes no money and does not run on a public site (PUBLIC_URL=${settings.PUBLIC_URL}): set PAY_DRIVER to alipay, wechat or alipay,wechat (or ALLOW_SANDBOX_PAYMENTS=1 on a staging site)`,
  };
}

/** Which provider takes each payment method: the installation offers exactly these methods. */
export type PaymentProviders = ReadonlyMap<PayMethod, PaymentProvider>;

/**
 * The providers PAY_DRIVER names, by the method each takes (complete settings: the config was
 * checked). The sandbox keeps its cashier payments in `sandbox.store` and signs with `sandbox.secret`
 * (a server secret in app_setting, shared by every instance).
 */
export function createPaymentProvidersFromConfig(
  config: PaymentSettings,
  sandbox: { secret: () => Promise<string>; store: SandboxPaymentStore },
  log?: PaymentLogger,
): PaymentProviders {
  const deps = log ? { log } : {};
  const providers = new Map<PayMethod, PaymentProvider>();
  for (const driver of config.PAY_DRIVER) {
    const provider =
      driver === 'alipay'
        ? createAlipayProvider(
            {
              appId: config.ALIPAY_APP_ID ?? '',
              privateKey: config.ALIPAY_PRIVATE_KEY ?? '',
              alipayPublicKey: config.ALIPAY_PUBLIC_KEY ?? '',
              ...(config.ALIPAY_SELLER_ID ? { sellerId: config.ALIPAY_SELLER_ID } : {}),
              ...(config.ALIPAY_GATEWAY ? { gateway: config.ALIPAY_GATEWAY } : {}),
            },
            deps,
          )
        : driver === 'wechat'
          ? createWechatPayProvider(
              {
                mchId: config.WECHAT_MCHID ?? '',
                appId: config.WECHAT_APPID ?? '',
                apiV3Key: config.WECHAT_API_V3_KEY ?? '',
                merchantPrivateKey: config.WECHAT_MERCHANT_PRIVATE_KEY ?? '',
                merchantSerial: config.WECHAT_MERCHANT_SERIAL ?? '',
                platformPublicKey: config.WECHAT_PLATFORM_PUBLIC_KEY ?? '',
                platformSerial: config.WECHAT_PLATFORM_SERIAL ?? '',
              },
              deps,
            )
          : createSandboxPaymentProvider(sandbox);
    for (const method of provider.methods) providers.set(method, provider);
  }
  return providers;
}
