import { ADMIN_API } from '@tradepad/contracts';
import { generate } from 'otplib';

/**
 * Staff sign-in for tests (integration, e2e): staff must enrol TOTP (DESIGN §10), so the first sign-in of an address
 * enrols it through `me/totp` and `me/totp/confirm` with codes computed here, and later sign-ins give a fresh code.
 * A code serves once per 30-s step: each address's last step is remembered and the next sign-in takes a later one
 * (the server accepts one step ahead); with the real clock it waits for the next step when both are used.
 */

type Call = (
  method: 'GET' | 'POST',
  url: string,
  params?: Record<string, string>,
  headers?: Record<string, string>,
) => Promise<{ code: number; msg: string; data: any }>;

interface Enrolled {
  secret: string;
  lastStep: number;
}

/** What one server's staff have enrolled: keep one per server (harness), since each database is fresh. */
export type StaffSecrets = Map<string, Enrolled>;
export const staffSecrets = (): StaffSecrets => new Map();

const STEP_MS = 30_000;

/** A code of `secret` for a step after the last one used, at `now` (the server's clock) or, unset, the real time. */
export async function nextStaffCode(secrets: StaffSecrets, email: string, now?: number): Promise<string> {
  const known = secrets.get(email);
  if (!known) throw new Error(`${email} has not enrolled TOTP in this test`);
  let at = now ?? Date.now();
  let step = Math.max(Math.floor(at / STEP_MS), known.lastStep + 1);
  if (step > Math.floor(at / STEP_MS) + 1) {
    if (now !== undefined) throw new Error(`no unused TOTP step left for ${email} at this clock time: advance the clock`);
    await new Promise((r) => setTimeout(r, (step - 1) * STEP_MS - at + 50));
    at = Date.now();
    step = Math.max(Math.floor(at / STEP_MS), known.lastStep + 1);
  }
  known.lastStep = step;
  return generate({ secret: known.secret, epoch: step * (STEP_MS / 1000) });
}

/**
 * Signs a staff member in and returns the login answer's `data` (token and profile), enrolling TOTP first when the
 * address has none yet; the token is then open to the role.
 */
export async function signInStaff(
  call: Call,
  secrets: StaffSecrets,
  who: { email: string; password: string },
  now?: number,
): Promise<{ token: string; [k: string]: unknown }> {
  const known = secrets.has(who.email);
  const params: Record<string, string> = { email: who.email, password: who.password };
  if (known) params.totp = await nextStaffCode(secrets, who.email, now);
  const login = await call('POST', ADMIN_API.login, params);
  if (login.code !== 1) throw new Error(`staff sign-in of ${who.email} refused: ${login.msg}`);
  const data = login.data as { token: string; totp_pending: boolean; must_change_password: boolean };
  const headers = { authorization: data.token, lang: 'en' };
  if (data.must_change_password) await keepPassword(call, headers, who.password);
  if (!data.totp_pending) return { ...data, must_change_password: false };
  const setup = await call('POST', ADMIN_API.meTotp, {}, headers);
  if (setup.code !== 1) throw new Error(`TOTP set-up of ${who.email} refused: ${setup.msg}`);
  secrets.set(who.email, { secret: String(setup.data.secret), lastStep: -1 });
  const confirm = await call('POST', ADMIN_API.meTotpConfirm, { code: await nextStaffCode(secrets, who.email, now) }, headers);
  if (confirm.code !== 1) throw new Error(`TOTP confirmation of ${who.email} refused: ${confirm.msg}`);
  return { ...data, totp_pending: false, must_change_password: false };
}

/**
 * A password another staff member set must be replaced at first sign-in (DESIGN §16). The tests know each account by
 * the password they created it with, so it is replaced and then set back (a change from the new one: the forced
 * change is done, and the password the test knows is the password again). Tests of the forced change itself call
 * `me/password` themselves.
 */
async function keepPassword(call: Call, headers: Record<string, string>, password: string): Promise<void> {
  const interim = `${password}-interim-${Math.random().toString(36).slice(2, 8)}`;
  for (const [from, to] of [
    [password, interim],
    [interim, password],
  ] as const) {
    const changed = await call('POST', ADMIN_API.mePassword, { old_password: from, new_password: to }, headers);
    if (changed.code !== 1) throw new Error(`password change refused: ${changed.msg}`);
  }
}
