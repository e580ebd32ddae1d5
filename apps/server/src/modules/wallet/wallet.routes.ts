import { errorEnvelopeSchema } from '@app/contract/envelope';
import { pageSchema } from '@app/contract/paging';
import {
  cardLogSchema,
  cardLogsQuerySchema,
  coinBalanceSchema,
  coinLogSchema,
  coinLogsQuerySchema,
  lessonCardListSchema,
} from '@app/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readRoutes } from '../../http/read-route.ts';
import { studentIdOf } from '../../http/session-policy.ts';
import type { WalletService } from './wallet.service.ts';

const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };

/**
 * The student's wallet (DESIGN.md §6 /user/coins/*, /user/cards/*): the coin balance and ledger,
 * lesson cards and their ledger. Every route needs a session (the default) and reads only the
 * caller's own rows; another student's card is a 404, like one that does not exist.
 */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  const read = readRoutes(app, 'wallet');

  read(
    '/user/coins/getCoinBalance',
    {
      summary: "The student's study-coin balance (the sum of the coin ledger, never negative)",
      data: coinBalanceSchema,
      failures: { 401: errorEnvelopeSchema },
      config: { studentCache: true },
    },
    (request) => wallet.getCoinBalance(studentIdOf(request)),
  );

  read(
    '/user/coins/getCoinLogs',
    {
      summary: 'Coin ledger entries, newest first, paged; optional `type` (coin log type of SPEC.md §3)',
      querystring: coinLogsQuerySchema,
      data: pageSchema(coinLogSchema),
      failures,
      config: { studentCache: true },
    },
    (request) => wallet.getCoinLogs(studentIdOf(request), request.query),
  );

  read(
    '/user/cards/getCardList',
    {
      summary: "The student's lesson cards: usable first (soonest expiry), then expired or used up",
      data: lessonCardListSchema,
      failures: { 401: errorEnvelopeSchema },
    },
    (request) => wallet.getCardList(studentIdOf(request)),
  );

  read(
    '/user/cards/getCardLogs',
    {
      summary:
        "Card ledger entries, newest first, paged; of one card (`card_id`, the student's own: else 404) or of all",
      querystring: cardLogsQuerySchema,
      data: pageSchema(cardLogSchema),
      failures: { ...failures, 404: errorEnvelopeSchema },
    },
    (request) => wallet.getCardLogs(studentIdOf(request), request.query),
  );
};
