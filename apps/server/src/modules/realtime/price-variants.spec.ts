import { describe, expect, it } from 'vitest';
import { textFrame } from './frames.ts';
import { variantBatch, type FrameBatch, type PriceVariants } from './price-variants.ts';

const batchOf = (messages: object[], keys: Array<string | undefined>): FrameBatch => {
  const frames = messages.map((m) => textFrame(JSON.stringify(m)));
  return { frames, keys, joined: Buffer.concat(frames) };
};

/** Variant 1 doubles `n`, drops `skip` messages; anything else reads as published. */
const variants: PriceVariants = {
  varies: () => true,
  ofUser: () => 1,
  reread: () => Promise.resolve(1),
  render: (variant, _channel, m) => {
    const x = m as { n: number; skip?: boolean };
    if (variant !== 1) return null;
    if (x.skip) return undefined;
    return { n: x.n * 2 };
  },
};

describe('variantBatch', () => {
  const messages = [{ n: 1 }, { n: 2, skip: true }, { n: 3 }];
  const base = batchOf(messages, ['a', 'b', 'c']);

  it('is the published batch itself when every message reads as published', () => {
    expect(variantBatch(variants, 0, 'Q', messages, base)).toBe(base);
  });

  it('renders each message once for the variant, dropping those not for it, keys kept', () => {
    const own = variantBatch(variants, 1, 'Q', messages, base);
    expect(own.keys).toEqual(['a', 'c']);
    expect(own.joined).toEqual(Buffer.concat([textFrame('{"n":2}'), textFrame('{"n":6}')]));
  });
});
