import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API } from '@tradepad/contracts';
import { ADMIN, startHarness, type Harness } from './harness.ts';

/** The address of the last staff sign-in, as the audit log keeps it. */
async function lastLoginIp(h: Harness): Promise<string> {
  const rows = await h.app.tradepad.database.db
    .selectFrom('audit_log')
    .select(['ip'])
    .where('action', '=', 'staff.login')
    .orderBy('id', 'desc')
    .limit(1)
    .execute();
  return rows[0]!.ip;
}

const signIn = (h: Harness, forwarded: string) =>
  h.call('POST', ADMIN_API.login, { email: ADMIN.email, password: ADMIN.password }, { 'x-forwarded-for': forwarded });

/**
 * Who the client is (DESIGN §10): without TRUST_PROXY a made-up X-Forwarded-For is ignored, so it can neither dodge a
 * per-address limit nor write an address of its choosing into the audit log; behind a trusted proxy the forwarded
 * address is used, and only when it is an IP address.
 */
describe('client address', () => {
  describe('with no proxy trusted (the default)', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness();
    }, 120_000);
    afterAll(async () => h?.close());

    it('ignores X-Forwarded-For: the socket peer is the client', async () => {
      expect((await signIn(h, '203.0.113.7')).code).toBe(1);
      expect(await lastLoginIp(h)).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    });

    it('keeps counting codes per address whatever X-Forwarded-For says', async () => {
      const answers = [];
      for (let i = 0; i < 31; i++) {
        const r = await h.call(
          'POST',
          API.sendEmail,
          { email: `spray${i}@example.com`, type: 1 },
          { 'x-forwarded-for': `198.51.100.${i}` },
        );
        answers.push(r.code);
      }
      // 30 codes per client address per hour; the 31st from the same peer is refused however it is disguised.
      expect(answers.slice(0, 30).every((c) => c === 1)).toBe(true);
      expect(answers[30]).toBe(0);
    });
  });

  describe('behind a trusted proxy', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness({ env: { TRUST_PROXY: 'loopback' } });
    }, 120_000);
    afterAll(async () => h?.close());

    it('takes the forwarded address when the peer is a trusted proxy', async () => {
      expect((await signIn(h, '203.0.113.7')).code).toBe(1);
      expect(await lastLoginIp(h)).toBe('203.0.113.7');
    });

    it('never stores a forwarded value that is not an IP address', async () => {
      expect((await signIn(h, '<script>alert(1)</script>')).code).toBe(1);
      expect(await lastLoginIp(h)).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    });
  });
});
