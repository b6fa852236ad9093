import { z } from 'zod';
import { GET, POST, type CallDef } from '../call-def.ts';
import { STAFF_ACCESS as ROLES } from '../staff/constants.ts';
import { settingsImpactParams, settingsImpactSchema } from '../staff/ops.ts';
import { STAFF_ADMIN_PATHS as ADMIN_API } from '../staff/paths.ts';
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

/** The back office's run-time settings (super admins): read, change, and what new margin levels would touch now. */
export const SETTINGS_CALLS = [
  {
    path: ADMIN_API.settings,
    methods: GET,
    auth: 'staff',
    roles: ROLES.superAdmin,
    tag: 'backoffice',
    summary: 'Run-time settings',
    response: settingsAnswerSchema,
  },
  {
    path: ADMIN_API.settings,
    methods: POST,
    auth: 'staff',
    roles: ROLES.superAdmin,
    tag: 'backoffice',
    summary: 'Change run-time settings (audited)',
    params: settingsParams,
    response: settingsAnswerSchema,
  },
  {
    path: ADMIN_API.settingsImpact,
    methods: GET,
    auth: 'staff',
    roles: ROLES.superAdmin,
    tag: 'backoffice',
    summary: 'How many real accounts are at or below proposed margin-call and stop-out levels now (before saving them)',
    params: settingsImpactParams,
    response: settingsImpactSchema,
  },
] as const satisfies readonly CallDef[];
