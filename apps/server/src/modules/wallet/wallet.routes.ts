import {
  API,
  DEPOSIT_BANK,
  DEPOSIT_COIN,
  bindDrawMethodInput,
  coinDepositParams,
  delDrawMethodParams,
  depositListParams,
  drawListParams,
  drawParams,
  drawSymbolParams,
  getDrawMethodParams,
  wireDepositParams,
  wireInfoParams,
} from '@tradepad/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, parseParams } from '../../core/http.ts';
import type { UserAuth } from '../accounts/auth.ts';
import type { WalletService } from './wallet.service.ts';

const BOTH = ['GET', 'POST'] as const;

/** The wallet calls of the spec's §7: deposits, withdrawals and withdrawal methods. */
export function walletRoutes(app: FastifyInstance, deps: { wallet: WalletService; auth: UserAuth }) {
  const { wallet, auth } = deps;

  app.get(API.depositCoins, async (req) => ok(req, await wallet.coinChannels((await auth.require(req)).user)));
  app.get(API.depositSymbols, async (req) => ok(req, await wallet.bankCurrencies((await auth.require(req)).user)));
  app.get(API.wireInfo, async (req) => {
    const { user } = await auth.require(req);
    return ok(req, await wallet.wireInfo(user, parseParams(wireInfoParams, req).bank_coin));
  });
  app.route({
    method: [...BOTH],
    url: API.depositSubmit,
    handler: async (req) => {
      const { user } = await auth.require(req);
      const p = parseParams(coinDepositParams, req);
      const record = await wallet.submitDeposit(user, req.lang, {
        type: DEPOSIT_COIN,
        channelId: p.charge_id,
        number: p.number,
        proof: p.proofImg,
        fromAddress: p.address,
      });
      return ok(req, record, 'ok.deposit_submitted');
    },
  });
  app.route({
    method: [...BOTH],
    url: API.wireSubmit,
    handler: async (req) => {
      const { user } = await auth.require(req);
      const p = parseParams(wireDepositParams, req);
      const record = await wallet.submitDeposit(user, req.lang, {
        type: DEPOSIT_BANK,
        channelId: p.wire_id,
        number: p.number,
        proof: p.proofImg,
      });
      return ok(req, record, 'ok.deposit_submitted');
    },
  });
  app.get(API.depositList, async (req) => {
    const { user } = await auth.require(req);
    const p = parseParams(depositListParams, req);
    return ok(req, await wallet.deposits(user, req.lang, p.type, p.page, p.limit));
  });

  app.get(API.drawSymbols, async (req) => {
    const { user } = await auth.require(req);
    return ok(req, await wallet.drawCurrencies(user, parseParams(drawSymbolParams, req).type));
  });
  app.get(API.drawConfig, async (req) => ok(req, await wallet.drawConfig((await auth.require(req)).user)));
  app.post(API.draw, async (req) => {
    const { user } = await auth.require(req);
    const p = parseParams(drawParams, req);
    const record = await wallet.draw(user, req.lang, {
      currencyId: p.draw_currency_id,
      number: p.number,
      methodId: p.draw_method_id,
      memo: p.memo,
    });
    return ok(req, record, 'ok.withdrawal_submitted');
  });
  app.get(API.drawList, async (req) => {
    const { user } = await auth.require(req);
    const p = parseParams(drawListParams, req);
    return ok(req, await wallet.withdrawals(user, req.lang, p.type, p.page, p.limit));
  });

  app.get(API.getDrawMethod, async (req) => {
    const { user } = await auth.require(req);
    const p = parseParams(getDrawMethodParams, req);
    return ok(req, await wallet.methods(user, p.draw_type, p.draw_id));
  });
  app.post(API.bindDrawMethod, async (req) => {
    const { user } = await auth.require(req);
    return ok(req, await wallet.bindMethod(user, parseParams(bindDrawMethodInput, req)), 'ok.method_bound');
  });
  app.post(API.delDrawMethod, async (req) => {
    const { user } = await auth.require(req);
    await wallet.deleteMethod(user, parseParams(delDrawMethodParams, req).id);
    return ok(req, null, 'ok.method_deleted');
  });
}
