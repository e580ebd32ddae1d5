import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { walletRoutes } from './wallet.routes.ts';
import type { WalletService } from './wallet.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Coins, lesson cards and their ledgers (modules/wallet); booking and payments write through it. */
    wallet: WalletService;
  }
}

/** The wallet and its routes (balance, ledgers, cards: `wallet.routes.ts`). */
export async function walletPlugin(app: App): Promise<void> {
  const { wallet } = app.services;
  app.decorate('wallet', wallet);
  await registerApiRoutes(app, walletRoutes, { wallet });
}
