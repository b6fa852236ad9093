import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, CODE_REFUSED, CODE_SESSION_EXPIRED, type CallDef } from '@tradepad/contracts';
import { STAFF_ROLES, type StaffRole } from '@tradepad/contracts/staff/constants';
import { en } from '../src/i18n/messages.en.ts';
import { hk } from '../src/i18n/messages.hk.ts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { realUser, staff } from './people.ts';

/** A Wednesday afternoon in London. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
/** What every path parameter (`:id`) is filled with: no record has it, so an allowed call refuses the id, not the role. */
const DUMMY_ID = '987654';

/** Who calls: a staff member of each role, nobody (no token), and a trader (a real account's token). */
const CALLERS = [...STAFF_ROLES, 'no token', 'trader'] as const;
type Caller = (typeof CALLERS)[number];
/** What the router answered: let in (whatever the call then said of its parameters), refused the role, or no session. */
type Outcome = 'allowed' | 'role refused' | 'no session';

interface StaffCall {
  method: 'GET' | 'POST';
  path: string;
  /** The roles the contract lets in; a staff call without `roles` is open to every role (call-def.ts). */
  roles: readonly StaffRole[];
}

/** Every staff call of the contracts, one entry per path and method: a new staff call is walked without a line here. */
const STAFF_CALLS: StaffCall[] = CALLS.filter((c: CallDef) => c.auth === 'staff').flatMap((c) =>
  c.methods.map((method) => ({ method, path: c.path, roles: c.roles ?? STAFF_ROLES })),
);

/** What the contract says each caller gets. */
function expected(call: StaffCall): Record<Caller, Outcome> {
  const row = {} as Record<Caller, Outcome>;
  for (const who of CALLERS)
    row[who] = who === 'no token' || who === 'trader' ? 'no session' : call.roles.includes(who) ? 'allowed' : 'role refused';
  return row;
}

/**
 * The authorization matrix (issue 18 point 10, DESIGN §11): every staff call in the contracts × every staff role, no
 * token and a trader's token, through HTTP. A role the call's contract names is let through the router (the call may
 * still refuse the dummy id or the empty parameters); any other role gets the role refusal (code 0, err.forbidden);
 * no token and a trader's token get code 999.
 */
describe('back office: who may call each staff route', () => {
  let h: Harness;
  let clock: ManualClock;
  const tokens = new Map<Caller, string>();

  /** A signed-in staff member of `role` (TOTP enrolled): one per role, reused across the matrix. */
  const signIn = async (role: StaffRole) => tokens.set(role, (await staff(h, role)).token);

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    h = await startHarness({ clock });
    for (const role of STAFF_ROLES) await signIn(role);
    tokens.set('trader', (await realUser(h, clock)).token);
  });
  afterAll(() => h?.close());

  async function outcome(call: StaffCall, who: Caller): Promise<Outcome> {
    const token = tokens.get(who);
    const res = await h.app.inject({
      method: call.method,
      url: call.path.replace(/:[a-z_]+/g, DUMMY_ID),
      headers: { lang: 'en', ...(token ? { authorization: token } : {}) },
      ...(call.method === 'POST' ? { payload: {} } : {}),
    });
    // A call answering with a file (an image, a CSV) was let in; refusals are always envelopes.
    if (!String(res.headers['content-type']).startsWith('application/json')) return 'allowed';
    const { code, msg } = res.json<{ code: number; msg: string }>();
    if (code === CODE_SESSION_EXPIRED) return 'no session';
    if (code === CODE_REFUSED && msg === en['err.forbidden']) return 'role refused';
    return 'allowed';
  }

  /** A call that ends the caller's own session (sign-out) leaves that role a new staff member for the next calls. */
  async function keepSignedIn(role: StaffRole): Promise<void> {
    const me = await h.app.inject({ method: 'GET', url: '/admin/api/me', headers: { authorization: tokens.get(role)! } });
    if (me.json<{ code: number }>().code === CODE_SESSION_EXPIRED) await signIn(role);
  }

  it('walks a list derived from the contracts, every call naming at least one role and always the super admin', () => {
    expect(STAFF_CALLS.length).toBeGreaterThanOrEqual(40);
    for (const call of STAFF_CALLS) {
      expect(call.roles.length, `${call.method} ${call.path}`).toBeGreaterThan(0);
      expect(call.roles, `${call.method} ${call.path}`).toContain('super_admin');
      for (const role of call.roles) expect(STAFF_ROLES, `${call.method} ${call.path}`).toContain(role);
    }
    // Every role is let into some call and refused some other (the matrix is not all one answer).
    for (const role of STAFF_ROLES.filter((r) => r !== 'super_admin')) {
      expect(STAFF_CALLS.some((c) => c.roles.includes(role))).toBe(true);
      expect(STAFF_CALLS.some((c) => !c.roles.includes(role))).toBe(true);
    }
  });

  it.each(STAFF_CALLS.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', async (_name, call) => {
    const actual = {} as Record<Caller, Outcome>;
    for (const who of CALLERS) {
      actual[who] = await outcome(call, who);
      if (who !== 'no token' && who !== 'trader' && actual[who] === 'allowed') await keepSignedIn(who);
    }
    expect(actual).toEqual(expected(call));
  });

  it("refuses a role in the staff member's language", async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/admin/api/staff',
      headers: { lang: 'hk', authorization: tokens.get('content')! },
    });
    expect(res.json()).toMatchObject({ code: CODE_REFUSED, msg: hk['err.forbidden'] });
    expect(hk['err.forbidden']).not.toBe(en['err.forbidden']);
  });
});
