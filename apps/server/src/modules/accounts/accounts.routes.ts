import { API, type OwnSessions } from '@tradepad/contracts';
import { refuse } from '../../core/errors.ts';
import { timeText } from '../../core/time.ts';
import type { FastifyRequest } from 'fastify';
import { clientIp, socketPeer } from '../../core/http.ts';
import type { Router } from '../../core/router.ts';
import type { AccountsService, RequestCtx } from './accounts.service.ts';
import type { UserAuth } from './auth.ts';
import type { SessionsService } from './sessions.service.ts';

/** The accounts calls of the spec's §7. Thin: the router checks and parses from the contract; the service decides. */
export function accountsRoutes(r: Router, deps: { accounts: AccountsService; auth: UserAuth; sessions: SessionsService }) {
  const { accounts, auth, sessions } = deps;
  const ctx = (req: FastifyRequest, user?: RequestCtx['user']): RequestCtx => ({
    ip: clientIp(req),
    peer: socketPeer(req),
    userAgent: String(req.headers['user-agent'] ?? ''),
    lang: req.lang,
    user,
    log: req.log,
  });

  r.get(API.areaList, ({ req }) => accounts.areaList(req.lang));
  r.get(API.basicInfo, () => accounts.basicInfo());
  r.get(API.companyStatus, () => accounts.companyStatus());
  r.get(API.company, ({ params }) => accounts.companies(params.name));
  r.get(API.setting, async ({ params: { key } }) => {
    const info = await accounts.basicInfo();
    return { key, value: String(info[key]) };
  });
  r.get(API.captcha, ({ req }) => accounts.captcha(clientIp(req)));

  // A code to change the password (type 3) or confirm a withdrawal (type 4) goes to the signed-in user's own address.
  r.call(
    API.sendEmail,
    async ({ req, params }) => {
      const user = params.type >= 3 ? (await auth.optional(req))?.user : undefined;
      await accounts.sendEmailCode(params, ctx(req, user));
      return null;
    },
    { done: 'ok.code_sent' },
  );
  r.call(
    API.sendSms,
    async ({ req, params }) => {
      const user = params.type >= 3 ? (await auth.optional(req))?.user : undefined;
      await accounts.sendSmsCode(params, ctx(req, user));
      return null;
    },
    { done: 'ok.code_sent' },
  );

  r.post(
    API.register,
    async ({ req, params }) => {
      // Signed up from a demo session ("open a real account", issue 21): the new account is linked to that demo.
      const demo = (await auth.optional(req))?.user;
      await accounts.register(params, ctx(req, demo?.is_demo ? demo : undefined));
      return null;
    },
    { done: 'ok.registered' },
  );
  r.post(
    API.switchAccount,
    async ({ req, user }) => {
      const { token, user: now } = await accounts.switchAccount(user.user, user.sessionId, ctx(req, user.user));
      return { token, ...(await accounts.profile(now)) };
    },
    { done: 'ok.switched' },
  );
  r.post(
    API.login,
    async ({ req, params }) => {
      const { token, user } = await accounts.login(params, ctx(req));
      return { token, ...(await accounts.profile(user)) };
    },
    { done: 'ok.logged_in' },
  );
  r.call(API.createDemo, ({ req, params }) => accounts.demoAccount(params.uuid, ctx(req)));

  r.get(API.userInfo, ({ user }) => accounts.profile(user.user));
  r.get(API.inviteList, ({ user, params }) => accounts.invites(user.user, params.page, params.limit));
  r.post(
    API.forgetPassword,
    async ({ req, params }) => {
      await accounts.forgetPassword(params, ctx(req));
      return null;
    },
    { done: 'ok.password_reset' },
  );
  r.post(
    API.amendPassword,
    async ({ req, user, params }) => {
      await accounts.amendPassword(user.user, user.sessionId, params, ctx(req));
      return null;
    },
    { done: 'ok.password_changed' },
  );
  // Anyone may log out; a live session is ended.
  r.call(
    API.logout,
    async ({ req }) => {
      const found = await auth.optional(req);
      if (found) await accounts.logout(found.sessionId);
      return null;
    },
    { done: 'ok.logged_out' },
  );
  r.get(API.getBalance, ({ user }) => accounts.balance(user.user));

  // The trader's own sessions (ASVS 7.5.2): listed, and any one of them ended, this one included.
  r.get(API.userSessions, ({ user }) => ownSessions(sessions, user.user.id, user.sessionId));
  r.post(API.userSessionEnd, async ({ user, params }) => {
    if (!(await sessions.revokeOwn(user.user.id, params.id))) throw refuse('err.record_unknown');
    return ownSessions(sessions, user.user.id, user.sessionId);
  });
}

async function ownSessions(sessions: SessionsService, userId: number, currentId: number): Promise<OwnSessions> {
  const rows = await sessions.liveOf(userId);
  return {
    data: rows.map((s) => ({
      id: s.id,
      user_agent: s.user_agent,
      ip: s.ip,
      created_at: timeText(s.created_at),
      last_seen_at: timeText(s.last_seen_at),
      current: s.id === currentId,
    })),
  };
}
