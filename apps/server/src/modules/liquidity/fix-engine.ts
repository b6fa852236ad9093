/**
 * The FIX engine under our sessions: jspurefix (pure TypeScript, FIX 4.4 from QuickFIX's own dictionary, initiator and
 * acceptor, TLS). It does the session layer: Logon (98, 108, 141, 553/554), heartbeats, TestRequest answered with 112,
 * sequence numbers with ResendRequest and SequenceReset, Logout. This file is the only place that knows its types and
 * its dependency-injection set-up; `fix-session.ts` builds the initiator we run on it, and the test tree's LP acceptor
 * is built from the same pieces.
 */
import { createRequire } from 'node:module';
import type * as JspurefixModule from 'jspurefix';
import type {
  AsciiSession,
  FixDefinitions,
  IJsFixConfig,
  IJsFixLogger,
  ISessionDescription,
  JsFixLoggerFactory,
  MsgTransport,
  MsgView,
} from 'jspurefix';
import type { Socket } from 'node:net';

type Jspurefix = typeof JspurefixModule;
let loaded: Jspurefix | undefined;

/**
 * The engine's CommonJS module object (its re-exports are not all visible to ESM by name), loaded on first use:
 * jspurefix and the maths library under it take about 0.6 s to load, which a server without FIX sessions (the
 * simulator, a replay; every test server) would otherwise pay at each start.
 */
export function fixEngine(): Jspurefix {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    // jspurefix resolves its parts through tsyringe, which needs the Reflect metadata API before the engine loads.
    require('reflect-metadata');
    loaded = require('jspurefix') as Jspurefix;
  }
  return loaded;
}
export type EngineSession = AsciiSession;
export type { IJsFixConfig, MsgView };

/** The FIX field delimiter on the wire (SOH). */
const SOH = 1;

/** What the engine logs through: the server's pino logger fits. */
export interface FixLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * The engine's logger on ours. It narrates every state change at info level; that is our debug level. Its warnings
 * (a gap, a reject, a dropped connection) stay warnings, and its errors are mostly a connection ending, which the
 * session reports itself: debug too.
 */
function loggerFactory(log: FixLog, session: string): JsFixLoggerFactory {
  const logger = (component: string): IJsFixLogger => ({
    info: (message) => log.debug({ fix: session, component }, message),
    debug: () => undefined,
    warning: (message) => log.warn({ fix: session, component }, message),
    error: (err) => log.debug({ fix: session, component, err: err.message }, 'fix engine error'),
  });
  return { logger, plain: () => logger('wire') } as unknown as JsFixLoggerFactory;
}

let definitions: Promise<FixDefinitions> | undefined;
let globalsRegistered = false;

/** FIX 4.4 as QuickFIX's dictionary defines it, parsed once per process (about 0.2 s). */
function fix44(): Promise<FixDefinitions> {
  const { DefinitionFactory } = fixEngine();
  definitions ??= new DefinitionFactory().getDefinitions('qf44');
  return definitions;
}

/** The plain description of one FIX 4.4 session, in the engine's terms. */
export interface SessionTerms {
  role: 'initiator' | 'acceptor';
  name: string;
  host: string;
  port: number;
  senderCompId: string;
  targetCompId: string;
  username?: string | undefined;
  password?: string | undefined;
  heartbeatSeconds: number;
  resetSeqNumOnLogon: boolean;
}

/**
 * The engine's configuration of one session: the dictionary, the description (which fills the Logon) and the
 * per-session container its parser and encoder are resolved from.
 */
export async function sessionConfig(terms: SessionTerms, log: FixLog): Promise<IJsFixConfig> {
  const defs = await fix44();
  const description = {
    application: {
      type: terms.role,
      name: terms.name,
      protocol: 'ascii',
      dictionary: 'qf44',
      tcp: { host: terms.host, port: terms.port },
    },
    BeginString: 'FIX.4.4',
    SenderCompId: terms.senderCompId,
    TargetCompID: terms.targetCompId,
    HeartBtInt: terms.heartbeatSeconds,
    ResetSeqNumFlag: terms.resetSeqNumOnLogon,
    // An absent credential is left off the Logon (553/554 are sent only when given).
    Username: terms.username,
    Password: terms.password,
  } as unknown as ISessionDescription;
  const fix = fixEngine();
  const container = new fix.SessionContainer();
  const factory = loggerFactory(log, terms.name);
  if (!globalsRegistered) {
    container.registerGlobal(factory);
    globalsRegistered = true;
  }
  const scope = container.newChild(description);
  const config = new fix.JsFixConfig(scope.resolve(fix.DITokens.ISessionMsgFactory), defs, description, SOH, factory);
  container.registerSession(config, scope);
  return config;
}

/** A connected socket as the engine's transport, ready for `session.run`. */
export function transportOn(config: IJsFixConfig, socket: Socket): MsgTransport {
  const fix = fixEngine();
  return new fix.MsgTransport(0, config, new fix.TcpDuplex(socket));
}

/**
 * Listens for FIX sessions (the test tree's liquidity provider): each connection gets a session from `make`. Answers
 * a function that closes the listener and every connection.
 */
export function listen(config: IJsFixConfig, make: (config: IJsFixConfig) => EngineSession): () => void {
  const { DITokens } = fixEngine();
  config.sessionContainer.register(DITokens.FixSession, {
    useFactory: (c) => make(c.resolve<IJsFixConfig>(DITokens.IJsFixConfig)),
  });
  const entity = config.sessionContainer.resolve<{ start(): Promise<unknown>; stop(): void }>(DITokens.FixEntity);
  void entity.start();
  return () => entity.stop();
}

/**
 * An inbound message, read by tag. It reads the engine's parse buffer, so it is valid only during the call that hands
 * it over: take what you need there.
 */
export interface FixMessage {
  readonly msgType: string;
  /** A field's text exactly as it came (prices are read this way, never as binary floats), or undefined. */
  text(tag: number): string | undefined;
  /** The instances of a repeating group by its path in the dictionary, e.g. `MDFullGrp.NoMDEntries`. */
  group(path: string): FixMessage[];
}

/** Reads an engine view as a `FixMessage`. */
export function readView(msgType: string, view: MsgView): FixMessage {
  return {
    msgType,
    text: (tag) => view.getString(tag) ?? undefined,
    group: (path) => {
      const g = view.getView(path);
      if (!g) return [];
      const out: FixMessage[] = [];
      for (let i = 0; i < g.groupCount(); i++) {
        const instance = g.getGroupInstance(i);
        if (instance) out.push(readView(msgType, instance));
      }
      return out;
    },
  };
}
