import { LANGS, type Lang } from '@tradepad/contracts';
import type { UserMessage } from './bus.ts';

/**
 * What the Redis bus's nodes say to each other, as text on the one Redis channel they share: each message is the
 * sender's id, one character for its kind, and a JSON body (see RedisBus for who sends what when).
 */

/** The message kinds on the wire: one character after the sender's id. */
export const KIND = {
  public: 'p',
  user: 'u',
  sessions: 's',
  instruments: 'i',
  users: 'c',
  accountTypes: 't',
  delta: 'd',
  full: 'f',
  beat: 'b',
  want: 'w',
  bye: 'x',
  /** The feed's closed instruments (FeedClosed), as JSON. */
  feedClosed: 'l',
  /** Several messages of one event-loop turn in one publish: `<kind><length>:<body>` each. */
  batch: 'B',
} as const;

/** A node's id on the bus: random hex, at the start of everything it publishes. */
export const ID_LENGTH = 16;

/** A change of a node's interest: `[channel, 0|1]` (anyone listens) or `[channel, 0|1, userId]` (that user). */
export type Change = [string, 0 | 1] | [string, 0 | 1, number];

/** A node's numbered change of interest (`delta`). */
export interface Delta {
  q: number;
  c: Change[];
}

/** A node's whole interest (`full`): its version, the channels it listens to, and per user channel its users. */
export interface FullState {
  q: number;
  p: string[];
  u: Record<string, number[]>;
}

/**
 * One Redis message holding what a turn sent (`kind + body` each), from `nodeId`: the item itself when alone, else a
 * batch of `<kind><length>:<body>`.
 */
export function joinTurn(nodeId: string, items: readonly string[]): string {
  if (items.length === 1) return nodeId + items[0]!;
  const parts = [nodeId, KIND.batch];
  for (const item of items) parts.push(item.charAt(0), String(item.length - 1), ':', item.slice(1));
  return parts.join('');
}

/**
 * Reads the items of a message another node published (`from`, then each kind and body, in order). A malformed batch
 * is read up to where it stops making sense; returns false then.
 */
export function readTurn(text: string, each: (kind: string, body: string) => void): boolean {
  if (text.charAt(ID_LENGTH) !== KIND.batch) {
    each(text.charAt(ID_LENGTH), text.slice(ID_LENGTH + 1));
    return true;
  }
  let at = ID_LENGTH + 1;
  while (at < text.length) {
    const kind = text.charAt(at);
    const colon = text.indexOf(':', at + 1);
    const length = colon < 0 ? NaN : Number(text.slice(at + 1, colon));
    if (!Number.isInteger(length) || length < 0 || colon + 1 + length > text.length) return false;
    each(kind, text.slice(colon + 1, colon + 1 + length));
    at = colon + 1 + length;
  }
  return true;
}

/** A public channel's message: `[channel, message]`, or with its conflation key `[channel, message, key]`. */
export function encodePublic(channel: string, message: object, conflateKey?: string): string {
  return JSON.stringify(conflateKey === undefined ? [channel, message] : [channel, message, conflateKey]);
}

export function decodePublic(body: string): [channel: string, message: object, key?: string] {
  return JSON.parse(body) as [string, object, string?];
}

/**
 * A user channel's message: `[userId, channel, message]`; one built per connection language is evaluated in the 14
 * languages once, `[userId, channel, null, {lang: message}]`, and each receiving node picks its connection's.
 */
export function encodeUser(userId: number, channel: string, message: UserMessage): string {
  if (typeof message !== 'function') return JSON.stringify([userId, channel, message]);
  const variants: Partial<Record<Lang, object>> = {};
  for (const lang of LANGS) variants[lang] = message(lang);
  return JSON.stringify([userId, channel, null, variants]);
}

export function decodeUser(body: string): [userId: number, channel: string, message: UserMessage] | undefined {
  const [userId, channel, message, variants] = JSON.parse(body) as [number, string, object | null, Record<string, object>?];
  if (message !== null) return [userId, channel, message];
  if (variants) return [userId, channel, (lang: Lang) => variants[lang] ?? variants.en ?? {}];
  return undefined;
}
