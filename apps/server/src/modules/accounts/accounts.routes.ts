import {
  API,
  amendPasswordParams,
  companySearchParams,
  demoParams,
  inviteListParams,
  forgetPasswordParams,
  loginParams,
  registerParams,
  sendEmailParams,
  sendSmsParams,
  settingParams,
} from '@tradepad/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientIp, ok, parseParams } from '../../core/http.ts';
import type { AccountsService, RequestCtx } from './accounts.service.ts';
import type { UserAuth } from './auth.ts';

const BOTH = ['GET', 'POST'] as const;

/** The accounts calls of the spec's §7. Thin: parse, call the service, answer the envelope. */
export function accountsRoutes(app: FastifyInstance, deps: { accounts: AccountsService; auth: UserAuth }) {
  const { accounts, auth } = deps;
  const ctx = (req: FastifyRequest, user?: RequestCtx['user']): RequestCtx => ({
    ip: clientIp(req),
    userAgent: String(req.headers['user-agent'] ?? ''),
    lang: req.lang,
    user,
    log: req.log,
  });

  app.get(API.areaList, async (req) => ok(req, await accounts.areaList(req.lang)));
  app.get(API.basicInfo, async (req) => ok(req, await accounts.basicInfo()));
  app.get(API.companyStatus, async (req) => ok(req, await accounts.companyStatus()));
  app.get(API.company, async (req) => ok(req, await accounts.companies(parseParams(companySearchParams, req).name)));
  app.get(API.setting, async (req) => {
    const { key } = parseParams(settingParams, req);
    const info = await accounts.basicInfo();
    return ok(req, { key, value: String(info[key]) });
  });
  app.get(API.captcha, async (req) => ok(req, await accounts.captcha()));

  app.route({
    method: [...BOTH],
    url: API.sendEmail,
    handler: async (req) => {
      const p = parseParams(sendEmailParams, req);
      const user = p.type === 3 ? (await auth.optional(req))?.user : undefined;
      await accounts.sendEmailCode(p, ctx(req, user));
      return ok(req, null, 'ok.code_sent');
    },
  });
  app.route({
    method: [...BOTH],
    url: API.sendSms,
    handler: async (req) => {
      const p = parseParams(sendSmsParams, req);
      const user = p.type === 3 ? (await auth.optional(req))?.user : undefined;
      await accounts.sendSmsCode(p, ctx(req, user));
      return ok(req, null, 'ok.code_sent');
    },
  });

  app.post(API.register, async (req) => {
    await accounts.register(parseParams(registerParams, req), ctx(req));
    return ok(req, null, 'ok.registered');
  });

  app.post(API.login, async (req) => {
    const { token, user } = await accounts.login(parseParams(loginParams, req), ctx(req));
    return ok(req, { token, ...(await accounts.profile(user)) }, 'ok.logged_in');
  });

  app.route({
    method: [...BOTH],
    url: API.createDemo,
    handler: async (req) => ok(req, await accounts.demoAccount(parseParams(demoParams, req).uuid, ctx(req))),
  });

  app.get(API.userInfo, async (req) => {
    const { user } = await auth.require(req);
    return ok(req, await accounts.profile(user));
  });

  app.get(API.inviteList, async (req) => {
    const { user } = await auth.require(req);
    const p = parseParams(inviteListParams, req);
    return ok(req, await accounts.invites(user, p.page, p.limit));
  });

  app.post(API.forgetPassword, async (req) => {
    await accounts.forgetPassword(parseParams(forgetPasswordParams, req));
    return ok(req, null, 'ok.password_reset');
  });

  app.post(API.amendPassword, async (req) => {
    const { user, sessionId } = await auth.require(req);
    await accounts.amendPassword(user, sessionId, parseParams(amendPasswordParams, req));
    return ok(req, null, 'ok.password_changed');
  });

  app.route({
    method: [...BOTH],
    url: API.logout,
    handler: async (req) => {
      const found = await auth.optional(req);
      if (found) await deps.accounts.logout(found.sessionId);
      return ok(req, null, 'ok.logged_out');
    },
  });

  app.get(API.getBalance, async (req) => {
    const { user } = await auth.require(req);
    return ok(req, await accounts.balance(user));
  });
}
