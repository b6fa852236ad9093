import { API, DEPOSIT_BANK, DEPOSIT_COIN } from '@tradepad/contracts';
import { clientIp } from '../../core/http.ts';
import type { Router } from '../../core/router.ts';
import type { WalletService } from './wallet.service.ts';

/** The wallet calls of the spec's §7: deposits, withdrawals and withdrawal methods. */
export function walletRoutes(r: Router, wallet: WalletService) {
  r.get(API.depositCoins, ({ user }) => wallet.coinChannels(user.user));
  r.get(API.depositSymbols, ({ user }) => wallet.bankCurrencies(user.user));
  r.get(API.wireInfo, ({ user, params }) => wallet.wireInfo(user.user, params.bank_coin));
  r.call(
    API.depositSubmit,
    ({ req, user, params: p }) =>
      wallet.submitDeposit(user.user, req.lang, {
        type: DEPOSIT_COIN,
        channelId: p.charge_id,
        number: p.number,
        proof: p.proofImg,
        fromAddress: p.address,
      }),
    { done: 'ok.deposit_submitted' },
  );
  r.call(
    API.wireSubmit,
    ({ req, user, params: p }) =>
      wallet.submitDeposit(user.user, req.lang, {
        type: DEPOSIT_BANK,
        channelId: p.wire_id,
        number: p.number,
        proof: p.proofImg,
      }),
    { done: 'ok.deposit_submitted' },
  );
  r.get(API.depositList, ({ req, user, params: p }) => wallet.deposits(user.user, req.lang, p.type, p.page, p.limit));

  r.get(API.drawSymbols, ({ user, params }) => wallet.drawCurrencies(user.user, params.type));
  r.get(API.drawConfig, ({ user }) => wallet.drawConfig(user.user));
  r.post(
    API.draw,
    ({ req, user, params: p }) =>
      wallet.draw(user.user, req.lang, {
        currencyId: p.draw_currency_id,
        number: p.number,
        methodId: p.draw_method_id,
        memo: p.memo,
        auth_code: p.auth_code,
        totp: p.totp,
        ip: clientIp(req),
      }),
    { done: 'ok.withdrawal_submitted' },
  );
  r.get(API.drawList, ({ req, user, params: p }) => wallet.withdrawals(user.user, req.lang, p.type, p.page, p.limit));

  r.get(API.getDrawMethod, ({ user, params: p }) => wallet.methods(user.user, p.draw_type, p.draw_id));
  r.post(
    API.bindDrawMethod,
    ({ req, user, params: { auth_code, totp, ...method } }) =>
      wallet.bindMethod(user.user, method, { auth_code, totp, ip: clientIp(req) }),
    { done: 'ok.method_bound' },
  );
  r.post(
    API.delDrawMethod,
    async ({ user, params }) => {
      await wallet.deleteMethod(user.user, params.id);
      return null;
    },
    { done: 'ok.method_deleted' },
  );
}
