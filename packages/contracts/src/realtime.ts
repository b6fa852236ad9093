/** Websocket protocol of DESIGN §4. Client text `ping` is answered with text `pong`; all else is JSON. */
export const WS_PATH = '/v1/ws';
export const WS_PING_INTERVAL_MS = 5000;
export const WS_CONNECT_TIMEOUT_MS = 5000;
/** The client reconnects after more than this many unanswered pings. */
export const WS_MAX_MISSED_PONGS = 2;

export type ClientMessageType = 'login' | 'logout' | 'sub' | 'unsub';

export interface ClientMessage {
  type: ClientMessageType;
  params: string;
}

export interface ResultMessage {
  type: 'login_result' | 'logout_result' | 'sub_result' | 'unsub_result' | 'error';
  code: number;
  msg: string;
  /** For sub_result/unsub_result: the channel. */
  channel?: string;
}

/** Channels the app subscribes to. `KLINE.<Code>` carries a code after the dot. */
export const CHANNEL_DAY_MARKET = 'DAY_MARKET';
export const CHANNEL_KLINE_PREFIX = 'KLINE.';
export const CHANNEL_FOREX_TRADE = 'FOREX_TRADE';
export const CHANNEL_FOREX_CLOSED = 'FOREX_CLOSED';
