import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { StaffMe } from '@tradepad/contracts/staff/answers';
import { CODE_SESSION_EXPIRED } from '@tradepad/contracts/envelope';
import type { AuthProvider } from 'react-admin';
import { actionKind, mayUse } from '../access.ts';
import { apiGet, apiPost, session } from './http.ts';

const STAFF_KEY = 'tradepad.admin.staff';

/** Who is signed in, as `me` last answered; kept so a reload shows the console before `me` answers. */
const staffCache = {
  get(): StaffMe | null {
    try {
      return JSON.parse(localStorage.getItem(STAFF_KEY) ?? 'null') as StaffMe | null;
    } catch {
      return null;
    }
  },
  set: (s: StaffMe) => localStorage.setItem(STAFF_KEY, JSON.stringify(s)),
  clear: () => localStorage.removeItem(STAFF_KEY),
};

/** Whether `me` confirmed the token since the page loaded. */
let confirmedThisLoad = false;

const ENDED_KEY = 'tradepad.admin.session_ended';

/** Whether the last session ended on the server (code 999), for the sign-in page to say so once. */
export const sessionEnded = {
  mark: () => sessionStorage.setItem(ENDED_KEY, '1'),
  get: () => sessionStorage.getItem(ENDED_KEY) === '1',
  clear: () => sessionStorage.removeItem(ENDED_KEY),
};

const forget = () => {
  session.clear();
  staffCache.clear();
};

/** The staff member behind the token: the cached answer, else `GET me`. */
async function currentStaff(): Promise<StaffMe> {
  const cached = staffCache.get();
  if (cached) return cached;
  const me = await apiGet(ADMIN_API.me);
  staffCache.set(me);
  return me;
}

/** Whether the signed-in staff member must still enrol TOTP: the console then shows only the enrolment page. */
export const enrolmentPending = (): boolean => staffCache.get()?.totp_pending === true;

/** After `me/totp/confirm`: the staff member as it answered, enrolled; every section of the role opens. */
export const markEnrolled = (me: StaffMe) => staffCache.set(me);

/**
 * Whether the password is one another staff member set (DESIGN §16): the console then shows only the change-password
 * page (the server refuses everything else too).
 */
export const passwordChangePending = (): boolean => staffCache.get()?.must_change_password === true;

/** After `me/password`: the password is the staff member's own now. */
export const markPasswordChanged = () => {
  const s = staffCache.get();
  if (s) staffCache.set({ ...s, must_change_password: false });
};

/** How long `getPermissions` waits before answering a signed-out visitor (see there). */
const SIGNED_OUT_ANSWER_MS = 50;

/** Closed to every section: enrolment or a password change comes first. */
const locked = (s: StaffMe) => s.totp_pending || s.must_change_password;

/**
 * Staff sign-in for react-admin (DESIGN §10, §11): `POST login {email, password, totp}` gives the token and the staff
 * member (`totp` once enrolled: without it the server answers `totp_required`, which the sign-in page reads from the
 * ApiError's data); `GET me` confirms it after a reload; the role decides what the console shows, and nothing but the
 * change-password page while `must_change_password`, then the enrolment page while `totp_pending`. An answer with code 999 on any call ends the session and goes back to sign-in.
 */
export const authProvider: AuthProvider = {
  /**
   * `totp`: the authenticator code once the staff member has enrolled; `key` and `captcha`: a solved image code, once
   * the server asks for one (DESIGN §10 captcha_required). Only the fields given are sent.
   */
  async login(params: { email: string; password: string; totp?: string; key?: string; captcha?: string }) {
    // An empty field is not sent (JSON leaves out undefined); an empty email or password is refused as a missing one.
    const given = (v: string | undefined) => (v === '' ? undefined : v);
    const { email, password, totp, key, captcha } = params;
    const body = { email, password, totp: given(totp), key: given(key), captcha: given(captcha) };
    const { token, ...staff } = await apiPost(ADMIN_API.login, body);
    session.set(token);
    staffCache.set(staff);
    confirmedThisLoad = true;
  },

  async logout() {
    if (session.get()) await apiPost(ADMIN_API.logout).catch(() => undefined);
    forget();
  },

  async checkAuth() {
    // Not signed in: straight to the sign-in page, without a notice.
    if (!session.get()) throw { message: false };
    if (!confirmedThisLoad || !staffCache.get()) {
      // Once per page load, `me` says whether the token still holds (code 999 otherwise) and what the role is now.
      try {
        staffCache.set(await apiGet(ADMIN_API.me));
        confirmedThisLoad = true;
      } catch (err) {
        forget();
        if ((err as { status?: number }).status !== CODE_SESSION_EXPIRED) throw err;
        sessionEnded.mark();
        throw { message: false };
      }
    }
  },

  async checkError(error: { status?: number }) {
    if (error?.status === CODE_SESSION_EXPIRED) {
      forget();
      // The sign-in page says the session ended; react-admin's own notice would repeat it.
      sessionEnded.mark();
      throw { message: false };
    }
  },

  async getIdentity() {
    const s = await currentStaff();
    return {
      id: s.id,
      fullName: s.name || s.email,
      email: s.email,
      role: s.role,
      totpPending: s.totp_pending,
      mustChangePassword: s.must_change_password,
    };
  },

  async getPermissions() {
    if (!session.get()) {
      // Signed out, an answer at once loses a race in react-admin (marmelab/react-admin#10764): `<Admin requireAuth>`
      // sends the visitor to sign-in through `LogoutOnMount`, whose logout resets the store, which re-asks the
      // permissions; answered before the navigation lands, the routes draw `LogoutOnMount` again, and again: thousands
      // of pushes of `#/login` kept the sign-in page away for 12–15 s on every first load. A short wait lets the
      // navigation land first.
      await new Promise((resolve) => setTimeout(resolve, SIGNED_OUT_ANSWER_MS));
      return undefined;
    }
    const s = await currentStaff();
    // Until TOTP is enrolled and the password is their own no section is open (the server refuses them too).
    return locked(s) ? undefined : s.role;
  },

  async canAccess({ resource, action }) {
    if (!session.get()) return false;
    const s = await currentStaff();
    return !locked(s) && mayUse(s.role, resource, actionKind(action));
  },
};
