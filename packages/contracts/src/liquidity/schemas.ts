import { z } from 'zod';

/** One FIX session to a liquidity provider or prime broker (DESIGN §14). */
export const liquiditySessionSchema = z.object({
  name: z.string(),
  /** `feed`: market data (`FEED=fix:`); `hedge`: orders (`HEDGE=fix:`). */
  role: z.enum(['feed', 'hedge']),
  state: z.enum(['connected', 'connecting', 'down']),
  /** Unix ms of the last change of state. */
  since: z.number().int(),
  /** Unix ms of the last message received (heartbeats too), or null. */
  last_message_at: z.number().int().nullable(),
  /** Why it is down, or what last went wrong; null after a clean logon. */
  error: z.string().nullable(),
});
export type LiquiditySession = z.infer<typeof liquiditySessionSchema>;

/** One instrument as the LP feed quotes it: the source's own prices (before the published pricing). */
export const liquiditySymbolSchema = z.object({
  code: z.string(),
  /** The LP's symbol from the feed file; null when the file does not map the instrument (it is closed). */
  lp_symbol: z.string().nullable(),
  /** The session quoting it now, or null when none does. */
  source: z.string().nullable(),
  bid: z.number().nullable(),
  ask: z.number().nullable(),
  /** Milliseconds since the source's last quote of it, or null. */
  age_ms: z.number().int().nullable(),
  /** Why it is closed (not mapped, rejected by every session) or which session rejected it; null otherwise. */
  reason: z.string().nullable(),
});
export type LiquiditySymbol = z.infer<typeof liquiditySymbolSchema>;

export const liquiditySchema = z.object({
  sessions: z.array(liquiditySessionSchema),
  symbols: z.array(liquiditySymbolSchema),
});
export type LiquidityAnswer = z.infer<typeof liquiditySchema>;
