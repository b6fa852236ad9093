import type { UserRow } from './schema.ts';

/**
 * For unit specs: a trader's row as registration leaves it (a real account, e-mail sign-up, trading on), with the
 * fields a spec cares about given in `over`.
 */
export const testUserRow = (over: Partial<UserRow> = {}): UserRow => ({
  id: 7,
  uid: '10000007',
  email: 'trader@example.com',
  area_id: null,
  mobile: null,
  phone: null,
  contact_mobile: null,
  password_hash: 'x',
  is_demo: 0,
  demo_id: null,
  demo_uuid_hash: null,
  invite_code: 'ABCDEFGH',
  invited_by: null,
  rank_opt_in: 0,
  lang: 'en',
  status: 1,
  trading_enabled: 1,
  created_at: 0,
  updated_at: 0,
  country: 'GB',
  account_type_id: null,
  copy_owner_id: null,
  ...over,
});
