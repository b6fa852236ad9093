import { z } from 'zod';
import { mapSettings } from './table.ts';

/**
 * Back office: the run-time settings staff may change (any non-empty subset of the table's keys, each validated by
 * its row's schema and stored as text). A key that is unknown or malformed refuses the whole body, so nothing is
 * half-written (DESIGN §10). `t`, the clients' cache-buster, is allowed and ignored.
 */
export const settingsParams = z
  .object(mapSettings((row) => row.schema))
  .partial()
  .extend({ t: z.unknown().optional() })
  .strict()
  .transform(({ t: _t, ...settings }) => settings)
  .refine((s) => Object.keys(s).length > 0, { error: 'err.field_invalid' });
export type SettingsParams = z.infer<typeof settingsParams>;

/** `GET /admin/api/settings` and what a change answers: every setting's stored text (its default until changed). */
export const settingsAnswerSchema = z.object(mapSettings(() => z.string()));
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;
