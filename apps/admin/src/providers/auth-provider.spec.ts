import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const storage = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
};

describe('staff sign-in for react-admin', () => {
  const answers: unknown[] = [];
  const urls: string[] = [];
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('localStorage', storage());
    vi.stubGlobal('sessionStorage', storage());
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return { json: async () => answers.shift() };
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    answers.length = 0;
    urls.length = 0;
  });
  const load = async () => (await import('./auth-provider.ts')).authProvider;

  it('keeps the token and the role from login, and lets the role into its sections only', async () => {
    const auth = await load();
    answers.push({ code: 1, msg: 'ok', data: { token: 't1', id: 2, email: 'f@x.com', name: '', role: 'finance' } });
    await auth.login({ email: 'f@x.com', password: 'pw' });
    expect(localStorage.getItem('tradepad.admin.token')).toBe('t1');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(await auth.getPermissions!({})).toBe('finance');
    expect(await auth.getIdentity!()).toMatchObject({ id: 2, fullName: 'f@x.com' });
    expect(await auth.canAccess!({ resource: 'deposits', action: 'list' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'kyc', action: 'list' })).toBe(false);
    expect(urls).toEqual(['/admin/api/login']);
  });

  it("shows a refused sign-in's message as the server wrote it", async () => {
    const auth = await load();
    answers.push({ code: 0, msg: 'The account or password is incorrect', data: null });
    await expect(auth.login({ email: 'a@x.com', password: 'bad' })).rejects.toThrow('The account or password is incorrect');
    expect(localStorage.getItem('tradepad.admin.token')).toBeNull();
  });

  it('confirms a stored token with me once per page load, and ends the session on code 999', async () => {
    localStorage.setItem('tradepad.admin.token', 'old');
    const auth = await load();
    answers.push({ code: 999, msg: 'Please sign in again', data: null });
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    expect(urls).toEqual(['/admin/api/me']);
    expect(localStorage.getItem('tradepad.admin.token')).toBeNull();
    expect(sessionStorage.getItem('tradepad.admin.session_ended')).toBe('1');
  });

  it('sends staff back to sign-in when any call answers 999, and only then', async () => {
    const auth = await load();
    localStorage.setItem('tradepad.admin.token', 't');
    await expect(auth.checkError({ status: 0, message: 'refused' })).resolves.toBeUndefined();
    expect(localStorage.getItem('tradepad.admin.token')).toBe('t');
    await expect(auth.checkError({ status: 999 })).rejects.toEqual({ message: false });
    expect(localStorage.getItem('tradepad.admin.token')).toBeNull();
  });
  it('opens no section while the password is one someone else set, until it is changed', async () => {
    const auth = await load();
    const me = {
      token: 't2',
      id: 3,
      email: 'n@x.com',
      name: 'N',
      role: 'finance',
      totp_pending: false,
      must_change_password: true,
    };
    answers.push({ code: 1, msg: 'ok', data: me });
    await auth.login({ email: 'n@x.com', password: 'given' });
    expect(await auth.getPermissions!({})).toBeUndefined();
    expect(await auth.canAccess!({ resource: 'deposits', action: 'list' })).toBe(false);
    expect(await auth.getIdentity!()).toMatchObject({ mustChangePassword: true });
    const { markPasswordChanged, passwordChangePending } = await import('./auth-provider.ts');
    expect(passwordChangePending()).toBe(true);
    markPasswordChanged();
    expect(passwordChangePending()).toBe(false);
    expect(await auth.getPermissions!({})).toBe('finance');
  });
});
