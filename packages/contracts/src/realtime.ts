/** Websocket protocol of DESIGN §4. Client text `ping` is answered with text `pong`; all else is JSON. */
export const WS_PATH = '/v1/ws';
export const WS_PING_INTERVAL_MS = 5000;
export const WS_CONNECT_TIMEOUT_MS = 5000;
/** The client reconnects after more than this many unanswered pings. */
export const WS_MAX_MISSED_PONGS = 2;

/** The messages' shapes, each derived from its zod schema in realtime-messages.ts (type-only: no zod in the app). */
import type {
  ClientMessage,
  ClientMessageType,
  DayMarketMessage,
  ForexClosedMessage,
  ForexTradeMessage,
  KlineMessage,
  MarginCallMessage,
  ResultMessage,
  ServerMessage,
  SessionRevokedMessage,
  SupportPushMessage,
} from './realtime-messages.ts';
export type {
  ClientMessage,
  ClientMessageType,
  DayMarketMessage,
  ForexClosedMessage,
  ForexTradeMessage,
  KlineMessage,
  MarginCallMessage,
  ResultMessage,
  ServerMessage,
  SessionRevokedMessage,
  SupportPushMessage,
};

/** What the server sends a socket whose session ended (DESIGN §10): its private channels stop. */
export const WS_SESSION_REVOKED = 'session_revoked';

/** Channels the app subscribes to. `KLINE.<Code>` carries a code after the dot. */
export const CHANNEL_DAY_MARKET = 'DAY_MARKET';
export const CHANNEL_KLINE_PREFIX = 'KLINE.';
export const CHANNEL_FOREX_TRADE = 'FOREX_TRADE';
export const CHANNEL_FOREX_CLOSED = 'FOREX_CLOSED';
