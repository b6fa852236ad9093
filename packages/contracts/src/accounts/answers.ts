import { z } from 'zod';
import { accountTypeSchema } from '../account-types/schemas.ts';
import { count, paged, timeText, usd2 } from '../answers.ts';
import { LANGS } from '../languages.ts';

/** Responses of the accounts calls (spec §7; DESIGN §3). The types are re-exported from account-types.ts. */

/** One entry of `default/area_list`. */
export const area = z.object({
  area_id: count,
  area_code: z.string().describe('ISO 3166 alpha-2 region code.'),
  global_code: z.string().describe('Country calling code, digits without +.'),
  name: z.string().describe("The region's name in the request language."),
  restricted: z
    .literal([0, 1])
    .describe('1: a restricted region (DESIGN §13): sign-ups from it are refused and pickers do not offer it; sign-in is open.'),
});
export type Area = z.infer<typeof area>;

/** `basicSet/getBasicInfo`. */
export const basicInfo = z.object({
  service_link: z.string(),
  service_link_type: count.describe('1: a web page that may be framed; 2: open it outside the app.'),
  verify_reg_type: count.describe('1: registration by emailed or texted code; 2: by captcha image.'),
  trade_fee_type: count.describe('1: fee = lots × rate; otherwise fee = margin × rate.'),
  is_show_mobile: count.describe('0 email only; 1 email plus an extra phone field; 2 mobile only; 3 email or mobile.'),
  complaint_email: z.string(),
  site_name: z.string(),
  default_language: z
    .enum(LANGS)
    .describe("The broker's language for a first visit whose browser speaks none of the 14 (DESIGN §17)."),
});
export type BasicInfo = z.infer<typeof basicInfo>;

/** `company/getCompanyStatus`. */
export const companyStatus = z.object({
  status: count,
  type: count,
  loss_url: z.string(),
});
export type CompanyStatus = z.infer<typeof companyStatus>;

/** One company of `company/getCompany`. */
export const company = z.object({
  id: count,
  name: z.string(),
  logo: z.string(),
  url: z.string(),
  subject: z.string(),
  registered_address: z.string(),
  location: z.string(),
  email: z.string(),
});
export type Company = z.infer<typeof company>;

/** `default/setting?key=`: one public setting, its value as text. */
export const publicSetting = z.object({
  key: z.string(),
  value: z.string().describe('The setting as text (a number is written in decimal).'),
});
export type PublicSetting = z.infer<typeof publicSetting>;

/** The captcha: an id to send back as `key` and the picture as a data URL (JSON, not an image response). */
export const captcha = z.object({
  id: z.string(),
  b64s: z
    .string()
    .regex(/^data:image\/svg\+xml;base64,/)
    .describe('The image: `data:image/svg+xml;base64,…`.'),
});
export type Captcha = z.infer<typeof captcha>;

/** The profile returned by user/info and, with `token`, by loginForU. */
export const userProfile = z.object({
  id: count,
  uid: z.string(),
  email: z.string().describe("'' when the account was registered by mobile."),
  mobile: z.string().describe("National number; '' when none."),
  area_id: count.nullable().describe('The area of the mobile number; null when none.'),
  global_code: z.string().describe("Calling code of the area; '' when none."),
  is_demo: z.literal([0, 1]).describe('1: a demo (mock) account.'),
  demo_id: z.string().describe("'' for a real account."),
  invite_code: z.string().describe("'' for a demo account."),
  balance: usd2('Cash balance, as a string so no float ever holds it:'),
  lang: z.string(),
  created_at: z.string().describe('ISO 8601 UTC.'),
  rank_opt_in: z.literal([0, 1]).describe('1: listed (under a masked name) in the copy-trade rankings.'),
  linked: z
    .literal([0, 1])
    .describe('1: the account has a linked real (for a demo) or demo (for a real) account: see `user/switch_account`.'),
  account_type: accountTypeSchema.nullable().describe('The account type (DESIGN §16); null only before types exist.'),
});
export type UserProfile = z.infer<typeof userProfile>;

/** `user/loginForU`: the session token and the profile. */
export const loginResult = userProfile.extend({
  token: z.string().describe('The session token for the `authorization` header.'),
});
export type LoginResult = z.infer<typeof loginResult>;

/** `user/createAccountDemoForU`: the same demo id for the same device uuid. */
export const demoAccount = z.object({
  demo_id: z.string().describe('The demo login: `loginForU` with account=demo_id, password=uuid, login_type=3.'),
});
export type DemoAccount = z.infer<typeof demoAccount>;

/** `main/wallet/getBalance` (and what `resetForexDemoAccount` leaves). */
export const cashBalance = z.object({
  balance: usd2('Cash balance,'),
});
export type CashBalance = z.infer<typeof cashBalance>;

/** One person who joined with the user's invite code. */
export const invitee = z.object({
  uid: z.string(),
  account: z.string().describe('Email or number, masked.'),
  created_at: timeText('When they registered, `YYYY-MM-DD HH:mm:ss` UTC.'),
});

/** `user/invite_list` (beyond the spec's calls: the invite screen's list). */
export const inviteList = paged(invitee).extend({
  invite_code: z.string(),
});
export type InviteList = z.infer<typeof inviteList>;

/** One live session of the signed-in trader (ASVS 7.5.2): where and with what it signed in, and when it was last used. */
export const ownSession = z.object({
  id: z.number().int(),
  /** The browser's user-agent text as it signed in (at most 256 characters); the app names the device from it. */
  user_agent: z.string(),
  /** The client address it signed in from. */
  ip: z.string(),
  created_at: z.string().describe('Signed in, `YYYY-MM-DD HH:mm:ss` UTC'),
  last_seen_at: z.string().describe('Last used, `YYYY-MM-DD HH:mm:ss` UTC (written at most once a minute)'),
  /** The session making this call. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSession>;

/** `user/sessions` and `user/sessions/end`: the caller's live sessions, most recently used first. */
export const ownSessions = z.object({ data: z.array(ownSession) });
export type OwnSessions = z.infer<typeof ownSessions>;
