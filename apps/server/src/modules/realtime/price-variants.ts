import { textFrame } from './frames.ts';

/**
 * Public messages that read differently for some signed-in sockets (DESIGN §16: the quote channels carry the default
 * account type's prices, and a logged-in socket gets its own type's on the same channels). A socket's *variant* is a
 * number (its user's account type; 0 for a visitor); the gateway renders each queued message once per variant present
 * among a channel's subscribers in that flush, never once per socket.
 */
export interface PriceVariants {
  /** Whether `channel`'s messages may differ by variant (DAY_MARKET); others go out as published. */
  varies(channel: string): boolean;
  /** The variant of a user's sockets from the user row read at their websocket login. */
  ofUser(user: { id: number; account_type_id?: number | null | undefined }): number;
  /** The variant of a user read afresh (their row changed: staff or the trader moved them to another type). */
  reread(userId: number): Promise<number>;
  /**
   * `message` as variant `variant` reads it: `null` when it reads as published (no markup, not a quote), `undefined`
   * when it is not for them at all (no price left after the markup).
   */
  render(variant: number, channel: string, message: object): object | null | undefined;
}

/** A channel's messages of one flush, framed: each message's frame and conflation key, and all of them joined. */
export interface FrameBatch {
  frames: Buffer[];
  keys: Array<string | undefined>;
  joined: Buffer;
}

/**
 * One variant's frames for a channel's queued messages: the published batch itself when every message reads as
 * published (no copy, the common case), else a batch with the re-rendered messages framed once for every socket of
 * that variant.
 */
export function variantBatch(
  variants: PriceVariants,
  variant: number,
  channel: string,
  messages: readonly object[],
  base: FrameBatch,
): FrameBatch {
  let frames: Buffer[] | undefined;
  let keys: Array<string | undefined> | undefined;
  for (let i = 0; i < messages.length; i++) {
    const own = variants.render(variant, channel, messages[i]!);
    if (own === null && !frames) continue;
    if (!frames || !keys) {
      frames = base.frames.slice(0, i);
      keys = base.keys.slice(0, i);
    }
    if (own === undefined) continue;
    frames.push(own === null ? base.frames[i]! : textFrame(JSON.stringify(own)));
    keys.push(base.keys[i]);
  }
  if (!frames || !keys) return base;
  return { frames, keys, joined: frames.length === 1 ? frames[0]! : Buffer.concat(frames) };
}
