import { API, realNameParams } from '@tradepad/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, parseParams } from '../../core/http.ts';
import type { UserAuth } from '../accounts/auth.ts';
import type { KycService } from './kyc.service.ts';

/** `user_real/real_name` and `user_real/center`. */
export function kycRoutes(app: FastifyInstance, deps: { kyc: KycService; auth: UserAuth }) {
  const { kyc, auth } = deps;
  app.post(API.realName, async (req) => {
    const { user } = await auth.require(req);
    return ok(req, await kyc.apply(user, parseParams(realNameParams, req)), 'ok.kyc_submitted');
  });
  app.get(API.realNameCenter, async (req) => ok(req, await kyc.center((await auth.require(req)).user)));
}
