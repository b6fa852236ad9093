import {
  ADMIN_API,
  approveWithdrawalParams,
  depositChannelParams,
  drawCurrencyParams,
  intParam,
  rejectParams,
  reviewListParams,
  wireChannelParams,
} from '@tradepad/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refuse } from '../../core/errors.ts';
import { clientIp, ok, parseParams } from '../../core/http.ts';
import type { KycService } from '../kyc/kyc.service.ts';
import type { WalletConfigService } from '../wallet/wallet-config.service.ts';
import type { Actor, WalletReviewService } from '../wallet/wallet-review.service.ts';
import type { StaffGuard } from './backoffice.routes.ts';
import type { StaffRole } from './backoffice.service.ts';

const FINANCE: readonly StaffRole[] = ['super_admin', 'finance'];
const COMPLIANCE: readonly StaffRole[] = ['super_admin', 'compliance'];

const idParam = z.object({ id: intParam('err.record_unknown', 1, Number.MAX_SAFE_INTEGER) });
const kycSettings = z.object({
  withdraw_requires_kyc: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()),
});

/**
 * The back office's review queues and wallet configuration (DESIGN §3): `GET ?status=`, `POST /:id/approve`,
 * `POST /:id/reject {remark}` for deposits, withdrawals and real-name applications, each decision audited.
 */
export function reviewRoutes(
  app: FastifyInstance,
  deps: { guard: StaffGuard; review: WalletReviewService; config: WalletConfigService; kyc: KycService },
) {
  const { guard, review, config, kyc } = deps;
  const actor = async (req: FastifyRequest, roles: readonly StaffRole[]): Promise<Actor> => ({
    staffId: (await guard(req, roles)).staff.id,
    ip: clientIp(req),
  });
  const idOf = (req: FastifyRequest) => {
    const r = idParam.safeParse(req.params);
    if (!r.success) throw refuse('err.record_unknown');
    return r.data.id;
  };
  const filter = (req: FastifyRequest) => {
    const p = parseParams(reviewListParams, req);
    return { status: p.status, userId: p.user_id, page: p.page, limit: p.limit };
  };

  app.get(ADMIN_API.deposits, async (req) => {
    await guard(req, FINANCE);
    return ok(req, await review.depositQueue(filter(req)));
  });
  app.post(`${ADMIN_API.deposits}/:id/approve`, async (req) => {
    const who = await actor(req, FINANCE);
    return ok(req, await review.approveDeposit(who, idOf(req)), 'ok.approved');
  });
  app.post(`${ADMIN_API.deposits}/:id/reject`, async (req) => {
    const who = await actor(req, FINANCE);
    const p = parseParams(rejectParams, req);
    return ok(req, await review.rejectDeposit(who, idOf(req), p.remark, p.status), 'ok.rejected');
  });

  app.get(ADMIN_API.withdrawals, async (req) => {
    await guard(req, FINANCE);
    return ok(req, await review.withdrawalQueue(filter(req)));
  });
  app.post(`${ADMIN_API.withdrawals}/:id/approve`, async (req) => {
    const who = await actor(req, FINANCE);
    const p = parseParams(approveWithdrawalParams, req);
    return ok(req, await review.approveWithdrawal(who, idOf(req), p.transfer_ref ?? ''), 'ok.approved');
  });
  app.post(`${ADMIN_API.withdrawals}/:id/reject`, async (req) => {
    const who = await actor(req, FINANCE);
    return ok(req, await review.rejectWithdrawal(who, idOf(req), parseParams(rejectParams, req).remark), 'ok.rejected');
  });

  app.get(ADMIN_API.kyc, async (req) => {
    await guard(req, COMPLIANCE);
    return ok(req, await kyc.queue(filter(req)));
  });
  app.post(`${ADMIN_API.kyc}/:id/approve`, async (req) => {
    const who = await actor(req, COMPLIANCE);
    return ok(req, await kyc.approve(who, idOf(req)), 'ok.approved');
  });
  app.post(`${ADMIN_API.kyc}/:id/reject`, async (req) => {
    const who = await actor(req, COMPLIANCE);
    return ok(req, await kyc.reject(who, idOf(req), parseParams(rejectParams, req).remark), 'ok.rejected');
  });

  // Configuration: list, add, change.
  const configRoutes = <S extends z.ZodType>(
    path: string,
    schema: S,
    list: () => Promise<unknown>,
    save: (who: Actor, id: number | undefined, p: z.infer<S>) => Promise<unknown>,
  ) => {
    app.get(path, async (req) => {
      await guard(req, FINANCE);
      return ok(req, await list());
    });
    app.post(path, async (req) => {
      const who = await actor(req, FINANCE);
      return ok(req, await save(who, undefined, parseParams(schema, req)), 'ok.saved');
    });
    app.post(`${path}/:id`, async (req) => {
      const who = await actor(req, FINANCE);
      return ok(req, await save(who, idOf(req), parseParams(schema, req)), 'ok.saved');
    });
  };
  configRoutes(ADMIN_API.depositChannels, depositChannelParams, config.coinChannels, (w, id, p) =>
    config.saveCoinChannel(w, id, p),
  );
  configRoutes(ADMIN_API.wireChannels, wireChannelParams, config.wireChannels, (w, id, p) => config.saveWireChannel(w, id, p));
  configRoutes(ADMIN_API.drawCurrencies, drawCurrencyParams, config.drawCurrencies, (w, id, p) =>
    config.saveDrawCurrency(w, id, p),
  );

  app.get(ADMIN_API.walletSettings, async (req) => {
    await guard(req, [...FINANCE, 'compliance']);
    return ok(req, await config.walletSettings());
  });
  app.post(ADMIN_API.walletSettings, async (req) => {
    const who = await actor(req, COMPLIANCE);
    return ok(req, await config.setWalletSettings(who, parseParams(kycSettings, req).withdraw_requires_kyc), 'ok.saved');
  });
}
