import { PERIOD_NAMES } from '@tradepad/domain/periods';
import { z } from 'zod';
import { count, decimal, usd2 } from '../answers.ts';
import { klinePoint } from '../market/answers.ts';
import { supportMessageSchema } from '../support/schemas.ts';
import { alertSchema } from '../alerts/schemas.ts';
import { noticeSchema } from '../notices/schemas.ts';
import type { ChannelKey, ChannelMessages } from './channels.ts';
import { RESULT_TYPES } from './protocol.ts';

/**
 * The websocket's messages (DESIGN §4), one schema each: what a client sends, and what the server pushes. Which
 * channel carries which of them is the table in channels.ts; that file, market/constants.ts and trading/constants.ts
 * take their types (type-only), so the web app never bundles zod. Client text `ping` is answered with `pong`, not
 * JSON.
 */

/** What a client sends: `login` (params = the session token), `logout`, `sub` and `unsub` (params = the channel). */
export const clientMessage = z.object({
  type: z.enum(['login', 'logout', 'sub', 'unsub']),
  params: z.string().max(512),
});
export type ClientMessage = z.infer<typeof clientMessage>;
export type ClientMessageType = ClientMessage['type'];

/** The server's answer to each client message (and `error` to one it cannot read). */
export const resultMessage = z.object({
  type: z.enum(RESULT_TYPES),
  code: z.number().int().describe('1 done, 0 refused.'),
  msg: z.string().describe("In the socket's language."),
  channel: z.string().optional().describe('For sub_result/unsub_result: the channel.'),
  retry: z
    .literal(true)
    .optional()
    .describe('On a refused login_result: the session could not be read just then (not a refusal); log in again shortly.'),
});
export type ResultMessage = z.infer<typeof resultMessage>;

/** `DAY_MARKET`: each instrument's session figures on every tick. */
export const dayMarketMessage = z.object({
  type: z.literal('DAY_MARKET'),
  symbol: z.string(),
  quotation: z.object({
    forex_id: count,
    open: z.number(),
    high: z.number(),
    low: z.number(),
    close: z.number().describe('The bid.'),
    bid: z.number(),
    ask: z.number(),
    change: z.number().describe('Percent over the session, 2 decimals.'),
    volume: z.number(),
    time: count.describe("The tick's time, unix milliseconds."),
  }),
});
export type DayMarketMessage = z.infer<typeof dayMarketMessage>;

/**
 * `FEED_STATUS` (DESIGN §15), sent on the DAY_MARKET channel by the node the socket is on, without a `sub` of its own:
 * `live: false` when its quotes stopped (no quote for a while with a market open, or its bus to the other nodes lost),
 * `live: true` when they flow again. A socket that subscribes while they are stopped is told at once.
 */
export const feedStatusMessage = z.object({ type: z.literal('FEED_STATUS'), live: z.boolean() }).strict();
export type FeedStatusMessage = z.infer<typeof feedStatusMessage>;

/** `KLINE.<Code>`: one message per period per update of the instrument's current bars. */
export const klineMessage = z.object({
  type: z.literal('KLINE'),
  symbol: z.string(),
  forex_id: count,
  kline: klinePoint.extend({ Period: z.enum(PERIOD_NAMES), ForexId: count, Code: z.string() }),
});
export type KlineMessage = z.infer<typeof klineMessage>;

/** `FOREX_TRADE` (after login): the user's holding orders' live figures, at most 4 times a second. */
export const forexTradeMessage = z.object({
  type: z.literal('FOREX_TRADE'),
  ProfitsTotal: usd2('Floating P/L of all holding orders,'),
  HazardRate: z.number().describe('Margin level, percent, 2 decimals (0 when nothing is open).'),
  CautionMoneyAll: usd2('Used margin,'),
  Balance: usd2('Cash balance,'),
  Equity: usd2('Equity (beyond DESIGN §4: the summary card needs it),'),
  MarginCall: z.boolean().describe('True while under the margin-call level.'),
  TransOrder: z.array(
    z.object({
      Id: count,
      UpdatePrice: z.number(),
      FactProfits: usd2('Floating P/L, the accrued swap included,'),
      Swap: usd2('Overnight financing accrued on the position (negative: charged),'),
    }),
  ),
});
export type ForexTradeMessage = z.infer<typeof forexTradeMessage>;

/** `FOREX_CLOSED` (after login): orders that just closed or were cancelled, by any cause (`ClosedType`). */
export const forexClosedMessage = z.object({
  type: z.literal('FOREX_CLOSED'),
  id: z.array(count),
  ClosedType: count,
});
export type ForexClosedMessage = z.infer<typeof forexClosedMessage>;

/** A margin-call notice, sent on `FOREX_TRADE` when the level first falls to the margin-call level. */
export const marginCallMessage = z.object({
  type: z.literal('MARGIN_CALL'),
  HazardRate: z.number(),
  msg: z.string().describe("In the user's language."),
});
export type MarginCallMessage = z.infer<typeof marginCallMessage>;

/**
 * `session_revoked`: the session this socket logged in with ended (logout, password change or reset, a staff action,
 * expiry). Sent without a `sub` to every socket logged in with it; the socket gets no more private messages (its
 * public channels go on) until it logs in again with a live session.
 */
export const sessionRevokedMessage = z.object({ type: z.literal('session_revoked') }).strict();
export type SessionRevokedMessage = z.infer<typeof sessionRevokedMessage>;

/**
 * `SUPPORT`: a new staff reply in the trader's support chat (DESIGN §13). Sent without a `sub` to every socket logged
 * in as that user (DESIGN §10); `message` is the reply as `GET /api/support/messages` lists it.
 */
export const supportPushMessage = z.object({
  type: z.literal('SUPPORT'),
  message: supportMessageSchema,
});
export type SupportPushMessage = z.infer<typeof supportPushMessage>;

/**
 * `ALERT`: one of the user's price alerts fired (issue 20 point 7, DESIGN §12). Sent once, without a `sub`, to every
 * socket logged in as that user; `alert` is the alert as `GET /v1/api/alerts` lists it (`State` fired, with the bid
 * that fired it) and `msg` says so in the socket's language.
 */
export const alertPushMessage = z.object({
  type: z.literal('ALERT'),
  alert: alertSchema,
  msg: z.string().describe("In the socket's language."),
});
export type AlertPushMessage = z.infer<typeof alertPushMessage>;

/**
 * `NOTICE`: a new in-app notice (issue 21): a fill by a trigger, a margin call, a stop-out, an alert, a deposit or
 * withdrawal decision. Sent without a `sub` to every socket logged in as that user, in each socket's language;
 * `notice` is the notice as `GET /api/notices` lists it, `unread` the user's unread count with it.
 */
export const noticePushMessage = z.object({
  type: z.literal('NOTICE'),
  notice: noticeSchema,
  unread: z.number().int(),
});
export type NoticePushMessage = z.infer<typeof noticePushMessage>;

/** Why a provider's order was not copied to a follower (`copy.skip.<reason>`, translated in the server and the app). */
export const COPY_SKIP_REASONS = ['below_min_lot', 'insufficient_margin', 'market_closed', 'busy', 'below_lot_step'] as const;
export type CopySkipReason = (typeof COPY_SKIP_REASONS)[number];

/**
 * `COPY` (issue 34, DESIGN §18): a copy of a provider's order was filled or closed (whole or in part) in the follower's
 * copy account, at the provider's own price, or the order was not copied (`skip`, with its reason). Sent without a
 * `sub` to every socket logged in as the follower (not the copy account, which never signs in), after the commit.
 */
export const copyPushMessage = z.object({
  type: z.literal('COPY'),
  strategy_id: count,
  event: z.enum(['fill', 'close', 'skip']),
  order_id: count.describe("The copy's order (a partial close's History row); 0 for a skip."),
  price: decimal("The provider's fill price, in the instrument's digits."),
  lots: decimal('The lots copied or closed (a skip: the lots the sizing gave, maybe 0).'),
  reason: z.string().describe("A skip's message key, `copy.skip.<reason>` (COPY_SKIP_REASONS); '' otherwise."),
});
export type CopyPushMessage = z.infer<typeof copyPushMessage>;

/**
 * Each channel's message schemas, one row per row of the channel table (channels.ts), each listing a schema for every
 * message its channel carries: the compiler refuses a channel without its row, a schema of another channel's message,
 * or a message type left without a schema. `serverMessage` is built from these rows.
 */
export const CHANNEL_MESSAGES = {
  DAY_MARKET: [dayMarketMessage, feedStatusMessage],
  KLINE: [klineMessage],
  FOREX_TRADE: [forexTradeMessage, marginCallMessage],
  FOREX_CLOSED: [forexClosedMessage],
  EVERY_USER_SOCKET: [sessionRevokedMessage, supportPushMessage, alertPushMessage, noticePushMessage, copyPushMessage],
} as const satisfies { readonly [K in ChannelKey]: readonly z.ZodType<ChannelMessages[K]>[] };

/** A message some channel carries that its row of CHANNEL_MESSAGES has no schema for (never: the compiler stops). */
type Unschemed = {
  [K in ChannelKey]: Exclude<ChannelMessages[K], z.output<(typeof CHANNEL_MESSAGES)[K][number]>>;
}[ChannelKey];
type Holds<T extends true> = T;
export type EveryChannelMessageSchemed = Holds<[Unschemed] extends [never] ? true : false>;

/** Every message the server sends (results, and what each channel of CHANNELS carries), told apart by `type`. */
export const serverMessage = z.discriminatedUnion('type', [resultMessage, ...Object.values(CHANNEL_MESSAGES).flat()]);
export type ServerMessage = z.infer<typeof serverMessage>;
