import { CALLS, CODE_REFUSED, type CONTRACTS, type CallDef, type Envelope } from '@tradepad/contracts';
import type { StaffRole } from '@tradepad/contracts/staff/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { MessageKey } from '../i18n/messages.en.ts';
import { AppError, Denied, refuse, TryAgain } from './errors.ts';
import { staffCallName, type DenialLog } from './denied.ts';
import { isRealUser, type Actor, type Authenticated, type RealAuthenticated, type StaffContext } from './access.ts';
import { ok, parseParams, parsePathParams, refusal } from './http.ts';
import {
  idempotencyKeyOf,
  keyTickets,
  requestFingerprint,
  StoredAnswer,
  type Idempotency,
  type KeyTicket,
} from './idempotency.ts';

type Call = (typeof CONTRACTS)[number];
/** Every path the contracts describe. */
export type CallPath = Call['path'];
type Method = 'GET' | 'POST';
/** The contract of the call at `P` answering `M`. */
type CallAt<P, M> = Matching<Call, P, M>;
type Matching<C, P, M> = C extends { path: P; methods: readonly (infer X)[] } ? (M extends X ? C : never) : never;

type ParamsOf<C> = C extends { params: infer S extends z.ZodType } ? z.infer<S> : Record<string, never>;
type ResponseOf<C> = C extends { response: infer S extends z.ZodType } ? z.input<S> : unknown;
type AuthOf<C> = C extends { auth: 'real' }
  ? { user: RealAuthenticated; staff?: never }
  : C extends { auth: 'user' }
    ? { user: Authenticated; staff?: never }
    : C extends { auth: 'staff' }
      ? { staff: StaffContext; user?: never }
      : { user?: never; staff?: never };

/** What a handler gets: the request, its parsed parameters, and who is calling as the contract requires. */
export type CallContext<C> = AuthOf<C> & { req: FastifyRequest; reply: FastifyReply; params: ParamsOf<C>; id: number };

/** How the router checks who may call: the trader's session, or a staff session with one of the roles. */
export interface Access {
  user(req: FastifyRequest): Promise<Authenticated>;
  staff(req: FastifyRequest, roles?: readonly StaffRole[]): Promise<StaffContext>;
}

export interface RouteOptions {
  /**
   * The success message's key, or a function of the answer and the parameters choosing it (a change that waits for a
   * second staff member says so); `ok` when left out.
   */
  done?: MessageKey | ((data: never, params: never) => MessageKey);
  /** The handler answers the reply itself (downloads, images): no envelope is added. */
  raw?: boolean;
  /** The refusal for a `:id` that is not a positive integer; `err.record_unknown` when left out. */
  unknownId?: MessageKey;
  /**
   * The call runs on the trading engine (`EngineCommands`): its Idempotency-Key travels with it and is stamped in the
   * engine's transaction, so it is settled rather than left pending after a failover (core/idempotency.ts KeyTicket).
   */
  engine?: boolean;
}

/**
 * Registers routes from their contracts (packages/contracts `CALLS`): the path and methods, who may call (checked
 * before anything else), the parameters (parsed from query and body with the contract's schema; a `:id` path
 * parameter is parsed as a positive integer) and the answer's type. Handlers return the envelope's `data`.
 */
export class Router {
  constructor(
    private readonly app: FastifyInstance,
    private readonly access: Access,
    private readonly registered = new Set<string>(),
    /** Keys of the calls whose contract is `idempotent` (DESIGN §10); without it such calls run as any other. */
    private readonly idempotency?: Idempotency,
    /** Where refused staff attempts are audited (`<object>.<verb>.denied`); without it they are only answered. */
    private readonly denials?: DenialLog,
  ) {}

  /** The same router on an encapsulated Fastify scope (a plugin of its own, such as multipart for one route). */
  scoped(scope: FastifyInstance): Router {
    return new Router(scope, this.access, this.registered, this.idempotency, this.denials);
  }

  get<P extends CallPath>(path: P, handler: Handler<CallAt<P, 'GET'>>, opts?: RouteOptions): void {
    this.add(path, 'GET', handler as Handler<Call>, opts);
  }

  post<P extends CallPath>(path: P, handler: Handler<CallAt<P, 'POST'>>, opts?: RouteOptions): void {
    this.add(path, 'POST', handler as Handler<Call>, opts);
  }

  /** The spec's state-changing GET calls, also accepted as POST (DESIGN §3): one handler for every method listed. */
  call<P extends CallPath>(path: P, handler: Handler<Matching<Call, P, Method>>, opts?: RouteOptions): void {
    const def = contractOf(path);
    for (const method of def.methods) this.add(path, method, handler as Handler<Call>, opts);
  }

  /** Paths registered through the router, as `METHOD path`: a test compares them with the contracts. */
  routes(): ReadonlySet<string> {
    return this.registered;
  }

  private add(path: string, method: Method, handler: Handler<Call>, opts: RouteOptions = {}): void {
    const def = contractOf(path, method);
    this.registered.add(`${method} ${path}`);
    if (def.idempotent && (def.auth === 'none' || opts.raw))
      throw new Error(`${path}: an idempotent call needs a user or staff token and an envelope answer`);
    this.app.route({
      method,
      url: path,
      handler: async (req, reply) => {
        let who: Awaited<ReturnType<Router['authorise']>> | undefined;
        try {
          who = await this.authorise(def, req);
          return await this.serve({ def, path, handler, opts, req, reply }, who);
        } catch (err) {
          if (err instanceof Denied) await this.noteDenied(err, method, path, who?.staff?.actor, req);
          throw err;
        }
      },
    });
  }

  /** A call whose caller passed: its key claimed if idempotent, its parameters parsed, its handler run. */
  private async serve(
    r: { def: CallDef; path: string; handler: Handler<Call>; opts: RouteOptions; req: FastifyRequest; reply: FastifyReply },
    who: Awaited<ReturnType<Router['authorise']>>,
  ): Promise<unknown> {
    const { def, path, handler, opts, req, reply } = r;
    const key = def.idempotent && this.idempotency ? idempotencyKeyOf(req) : undefined;
    const id = path.includes('/:id') ? parsePathParams(req, opts.unknownId) : 0;
    const params = def.params ? parseParams(def.params, req) : {};
    const run = async () => {
      const data = await handler({ ...who, req, reply, params, id } as CallContext<Call>);
      return opts.raw ? data : ok(req, data, doneOf(opts.done, data, params));
    };
    if (key === undefined || !this.idempotency) return run();
    const done = typeof opts.done === 'string' ? opts.done : 'ok';
    const c = { scope: scopeOf(who), key, path, id, req, reply, engine: opts.engine === true, done };
    return this.once(this.idempotency, c, run);
  }

  /**
   * Audits a refused staff attempt (the caller's role, or a rule of the action) as `<object>.<verb>.denied`, on a
   * connection of its own: the refused action's transaction, if any, was rolled back. A failure to write is logged,
   * never answered in place of the refusal.
   */
  private async noteDenied(err: Denied, method: Method, path: string, known: Actor | undefined, req: FastifyRequest) {
    const actor = err.actor ?? known;
    if (!this.denials || !actor) return;
    const { action, object } = staffCallName(method, path);
    const id = path.includes('/:id') ? String((req.params as { id?: unknown }).id ?? '') : '';
    await this.denials
      .denied({ actor, action: `${action}.denied`, targetType: object, targetId: id, detail: { refused: err.key, method, path } })
      .catch((e: unknown) => req.log.error({ err: e }, 'denied attempt not audited'));
  }

  /**
   * Runs an idempotent call once per key (core/idempotency.ts): claims the key, runs the handler and stores its
   * answer (a success or a refusal, code 0); a repeat replays that answer with `Idempotent-Replayed: true`. An
   * unexpected error (or a session that ended, 999) releases the key, so a retry runs again.
   */
  private async once(
    idem: Idempotency,
    c: {
      scope: string;
      key: string;
      path: string;
      id: number;
      req: FastifyRequest;
      reply: FastifyReply;
      engine: boolean;
      done: MessageKey;
    },
    run: () => Promise<unknown>,
  ): Promise<unknown> {
    const { scope, key, req, reply } = c;
    const replay = (response: string) =>
      reply.code(200).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(response);
    const fingerprint = requestFingerprint(c.path, c.id, req.query, req.body);
    const claimed = await idem.begin(scope, key, fingerprint, c.path, c.engine);
    if (claimed.kind === 'replay') return replay(claimed.response);
    const { claim } = claimed;
    const ticket: KeyTicket = { scope, key, claim, lang: req.lang, done: c.done };
    let answer: unknown;
    try {
      // An engine call's handler runs with its key's ticket: forwarded with its command, stamped by the engine's writer.
      answer = c.engine ? await keyTickets.run(ticket, run) : await run();
    } catch (err) {
      // Settled by the engine's side (core/idempotency.ts `settle`): the key's stored answer, sent as a replay is.
      if (err instanceof StoredAnswer) return replay(err.response);
      // A command the engine leader never ran is forgotten (a retry runs); one whose fate is unknown stays pending.
      if (err instanceof TryAgain && err.executed === 'unknown') throw err;
      const stored =
        err instanceof AppError && err.code === CODE_REFUSED && !(err instanceof TryAgain)
          ? idem.finish(scope, key, claim, refusal(req, err))
          : idem.abandon(scope, key, claim);
      await stored.catch((e: unknown) => req.log.error({ err: e }, 'idempotency key not settled'));
      throw err;
    } finally {
      // Jobs queued later from the call's context (a timer it started) are not its effect.
      ticket.over = true;
    }
    // The call is done: if its answer cannot be stored the key stays pending (answered "in progress"), never run twice.
    await idem
      .finish(scope, key, claim, answer as Envelope<unknown>)
      .catch((e: unknown) => req.log.error({ err: e }, 'idempotency answer not stored'));
    return answer;
  }

  private async authorise(def: CallDef, req: FastifyRequest) {
    switch (def.auth) {
      case 'none':
        return {};
      case 'user':
        return { user: await this.access.user(req) };
      case 'real': {
        const { user, sessionId } = await this.access.user(req);
        if (!isRealUser(user)) throw refuse('err.only_real_account');
        const real: RealAuthenticated = { user, sessionId };
        return { user: real };
      }
      case 'staff':
        return { staff: await this.access.staff(req, def.roles) };
    }
  }
}

/** The success message of an answer: the route's key, or the key its function picks for this answer. */
function doneOf(done: RouteOptions['done'], data: unknown, params: unknown): MessageKey | undefined {
  return typeof done === 'function' ? (done as (d: unknown, p: unknown) => MessageKey)(data, params) : done;
}

/** Whose keys a request uses: the trader's or the staff member's (DESIGN §10: keys are per user). */
function scopeOf(who: { user?: Authenticated; staff?: StaffContext } | undefined): string {
  if (who?.user) return `user:${who.user.user.id}`;
  if (who?.staff) return `staff:${who.staff.staff.id}`;
  throw new Error('an idempotent call without a caller');
}

/** A handler of the call `C`; a path and method the contracts do not describe does not type-check. */
type Handler<C> = [C] extends [never]
  ? 'this path and method have no contract in packages/contracts'
  : (ctx: CallContext<C>) => Promise<ResponseOf<C>> | ResponseOf<C>;

/** The contract of a path (and method); a route without one is a programming error, found at start. */
function contractOf(path: string, method?: Method): CallDef {
  const def = CALLS.find((c) => c.path === path && (!method || (c.methods as readonly string[]).includes(method)));
  if (!def) throw new Error(`no contract for ${method ?? ''} ${path} in packages/contracts`);
  return def;
}
