/** The messages' shapes, each derived from its zod schema in messages.ts (type-only: no zod in the app). */
import type {
  AlertPushMessage,
  ClientMessage,
  CopyPushMessage,
  ClientMessageType,
  DayMarketMessage,
  FeedStatusMessage,
  ForexClosedMessage,
  ForexTradeMessage,
  KlineMessage,
  MarginCallMessage,
  NoticePushMessage,
  ResultMessage,
  ServerMessage,
  SessionRevokedMessage,
  SupportPushMessage,
} from './messages.ts';
export type {
  AlertPushMessage,
  ClientMessage,
  CopyPushMessage,
  ClientMessageType,
  DayMarketMessage,
  FeedStatusMessage,
  ForexClosedMessage,
  ForexTradeMessage,
  KlineMessage,
  MarginCallMessage,
  NoticePushMessage,
  ResultMessage,
  ServerMessage,
  SessionRevokedMessage,
  SupportPushMessage,
};

/**
 * The websocket channels (DESIGN §4, §10, §13): one row each, and everything else derives from it: the gateway
 * accepts `sub` to exactly these, the bus types what is published on each, and the web client routes and types each
 * push by it. Adding a channel: a row here with its message type below, the schema in messages.ts with its row of
 * CHANNEL_MESSAGES there (the compiler asks for it), the publisher, the subscriber in the app.
 */
export interface ChannelMessages {
  /** Each instrument's session figures on every tick; whether they flow (FEED_STATUS, told by the socket's node). */
  DAY_MARKET: DayMarketMessage | FeedStatusMessage;
  /** `KLINE.<Code>`: the instrument's current bars, one message per period per update. */
  KLINE: KlineMessage;
  /** The user's holding orders' live figures; the margin-call notice rides on it too. */
  FOREX_TRADE: ForexTradeMessage | MarginCallMessage;
  /** The user's orders that just closed or were cancelled. */
  FOREX_CLOSED: ForexClosedMessage;
  /** Every socket logged in as the user, without a `sub` (DESIGN §10, §12, §13, §18, issues 21 and 34). */
  EVERY_USER_SOCKET: SessionRevokedMessage | SupportPushMessage | AlertPushMessage | NoticePushMessage | CopyPushMessage;
}

export type ChannelKey = keyof ChannelMessages;

/** One row of {@link CHANNELS}; `T` is the `type`s of the messages the channel carries. */
export interface ChannelRow<T extends string = string> {
  /** The channel's name; for `prefix`, what comes before the code (`KLINE.` in `KLINE.EURUSD`). */
  readonly name: string;
  /**
   * `exact`: subscribed by its name; `prefix`: by the name followed by a code; `none`: never subscribed by name
   * (the user's every socket gets it once logged in).
   */
  readonly match: 'exact' | 'prefix' | 'none';
  /** A user channel carries one trader's data: a `sub` needs a websocket login first, and ends with the session. */
  readonly requiresLogin: boolean;
  /** The `type` of each message it carries, so a client can tell which channel a push belongs to. */
  readonly types: readonly T[];
}

export const CHANNELS = {
  DAY_MARKET: { name: 'DAY_MARKET', match: 'exact', requiresLogin: false, types: ['DAY_MARKET', 'FEED_STATUS'] },
  KLINE: { name: 'KLINE.', match: 'prefix', requiresLogin: false, types: ['KLINE'] },
  FOREX_TRADE: { name: 'FOREX_TRADE', match: 'exact', requiresLogin: true, types: ['FOREX_TRADE', 'MARGIN_CALL'] },
  FOREX_CLOSED: { name: 'FOREX_CLOSED', match: 'exact', requiresLogin: true, types: ['FOREX_CLOSED'] },
  EVERY_USER_SOCKET: {
    name: '*',
    match: 'none',
    requiresLogin: true,
    types: ['session_revoked', 'SUPPORT', 'ALERT', 'NOTICE', 'COPY'],
  },
} as const satisfies { readonly [K in ChannelKey]: ChannelRow<ChannelMessages[K]['type']> };

type RowOf<K extends ChannelKey> = (typeof CHANNELS)[K];

/** A message `type` some channel carries but its row does not list (never: the compiler stops on a gap). */
type UnlistedType = { [K in ChannelKey]: Exclude<ChannelMessages[K]['type'], RowOf<K>['types'][number]> }[ChannelKey];
type Holds<T extends true> = T;
export type EveryMessageTypeListed = Holds<[UnlistedType] extends [never] ? true : false>;

/** The names a channel is published on: its name, or for a prefix channel the prefix followed by a code. */
export type ChannelName<K extends ChannelKey> = RowOf<K>['match'] extends 'prefix'
  ? `${RowOf<K>['name']}${string}`
  : RowOf<K>['name'];

/** The channels anyone may subscribe to (quotes, bars). */
export type PublicChannelKey = { [K in ChannelKey]: RowOf<K>['requiresLogin'] extends false ? K : never }[ChannelKey];
/** The channels of one trader's data. */
export type UserChannelKey = Exclude<ChannelKey, PublicChannelKey>;
/** The channels a client may name in `sub`. */
export type SubscribableChannelKey = { [K in ChannelKey]: RowOf<K>['match'] extends 'none' ? never : K }[ChannelKey];

export type PublicChannel = { [K in PublicChannelKey]: ChannelName<K> }[PublicChannelKey];
export type UserChannel = { [K in UserChannelKey]: ChannelName<K> }[UserChannelKey];
export type SubscribableChannel = { [K in SubscribableChannelKey]: ChannelName<K> }[SubscribableChannelKey];

/** What a channel name carries: `MessageOn<'KLINE.EURUSD'>` is a KlineMessage. */
export type MessageOn<C extends string> = {
  [K in ChannelKey]: C extends ChannelName<K> ? ChannelMessages[K] : never;
}[ChannelKey];

/** The table's rows, for code that walks every channel (the gateway's registration, the client's routing). */
export const CHANNEL_ROWS: readonly ChannelRow[] = Object.values(CHANNELS);

/**
 * Whether `message` is one the channel `key` carries, told by its `type` as a client tells them apart: for code handed
 * plain objects, such as a bus subscriber (the bus typed each message when it was published, on whichever node).
 */
export function isMessageOn<K extends ChannelKey>(key: K, message: object): message is ChannelMessages[K] {
  if (!('type' in message)) return false;
  const types: readonly unknown[] = CHANNELS[key].types;
  return types.includes(message.type);
}

/** The channel names the app uses, from the table. `KLINE.<Code>` carries a code after the dot. */
export const CHANNEL_DAY_MARKET = CHANNELS.DAY_MARKET.name;
export const CHANNEL_KLINE_PREFIX = CHANNELS.KLINE.name;
export const CHANNEL_FOREX_TRADE = CHANNELS.FOREX_TRADE.name;
export const CHANNEL_FOREX_CLOSED = CHANNELS.FOREX_CLOSED.name;

/** The `KLINE.<code>` channel of an instrument. */
export function klineChannel(code: string): ChannelName<'KLINE'> {
  return `${CHANNEL_KLINE_PREFIX}${code}`;
}
