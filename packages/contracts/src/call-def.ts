import type { z } from 'zod';
import type { StaffRole } from './staff/constants.ts';

/** One REST call: its path, methods, the schema of its parameters and who may call it. */
export interface CallDef {
  path: string;
  methods: ReadonlyArray<'GET' | 'POST'>;
  summary: string;
  params?: z.ZodType;
  /**
   * The envelope's `data` on success (`{code: 1, msg, data}`; a refusal's `data` is null). Every call the app makes has
   * one, except those answering with a file instead of an envelope (see `media`).
   */
  response?: z.ZodType;
  /** The media type of a call that answers with a file (an image), not with a JSON envelope. */
  media?: string;
  /**
   * `none`: anyone; `user`: a trader's token (real or demo); `real`: a real (not demo) trader's token, a demo account
   * being refused with the only-real-account message (DESIGN §6); `staff`: a back-office token with one of `roles`.
   */
  auth: 'none' | 'user' | 'real' | 'staff';
  /** Staff calls: the roles that may use it (every role when left out). */
  roles?: readonly StaffRole[];
  /**
   * The call creates or moves something (an order, a withdrawal, a decision), so it takes an `Idempotency-Key`
   * header (DESIGN §10): the router replays the first answer to a repeat of the same key with the same parameters
   * within 24 h, and refuses the key with other parameters. Only on calls that need a user's or a staff token.
   */
  idempotent?: boolean;
  tag: string;
}

export const GET = ['GET'] as const;
export const POST = ['POST'] as const;
export const BOTH = ['GET', 'POST'] as const;
