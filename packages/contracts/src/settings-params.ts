import { z } from 'zod';

const flag = (key: string) => z.enum(['0', '1'], { error: key });
const level = z
  .string({ error: 'err.field_invalid' })
  .regex(/^\d{1,4}$/, { error: 'err.field_invalid' })
  .refine((v) => Number(v) >= 1 && Number(v) <= 1000, { error: 'err.field_invalid' });
const httpsUrl = z
  .string({ error: 'err.field_invalid' })
  .trim()
  .max(500, { error: 'err.field_invalid' })
  .refine((v) => v === '' || /^https:\/\/[^\s<>"]+$/.test(v), { error: 'err.field_invalid' });

/**
 * Back office: the run-time settings staff may change (any subset). Each is validated; numbers travel as strings, as
 * they are stored. Stop-out must stay below the margin-call level (checked by the server against the stored values).
 */
export const settingsParams = z
  .object({
    service_link: httpsUrl,
    service_link_type: z.enum(['1', '2'], { error: 'err.field_invalid' }),
    verify_reg_type: z.enum(['1', '2'], { error: 'err.field_invalid' }),
    trade_fee_type: z.enum(['1', '2'], { error: 'err.field_invalid' }),
    is_show_mobile: z.enum(['0', '1', '2', '3'], { error: 'err.field_invalid' }),
    complaint_email: z.email({ error: 'err.email_invalid' }).max(254, { error: 'err.email_invalid' }),
    site_name: z
      .string({ error: 'err.field_invalid' })
      .trim()
      .min(1, { error: 'err.field_invalid' })
      .max(60, { error: 'err.field_invalid' }),
    company_status: flag('err.field_invalid'),
    company_type: flag('err.field_invalid'),
    loss_url: httpsUrl,
    margin_call_level: level,
    stop_out_level: level,
    withdraw_requires_kyc: flag('err.field_invalid'),
  })
  .partial()
  .refine((s) => Object.keys(s).length > 0, { error: 'err.field_invalid' });
export type SettingsParams = z.infer<typeof settingsParams>;
