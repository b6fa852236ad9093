import { LANGS } from '@tradepad/contracts';
import { micros } from '@tradepad/domain';
import { describe, expect, it } from 'vitest';
import { render, usd } from './notifications.service.ts';
import { TEMPLATES } from './templates.ts';

const AT = Date.UTC(2026, 10, 18, 14, 0, 0);

describe('notices', () => {
  it('write amounts exactly from micro-USD, grouped, with at least 2 decimals', () => {
    expect(usd(micros(1_234_567_890_000n))).toBe('1,234,567.89 USD');
    expect(usd(micros(100_000_000n))).toBe('100.00 USD');
    expect(usd(micros(1_500n))).toBe('0.0015 USD');
    expect(usd(micros(123_456_789n))).toBe('123.456789 USD');
    expect(usd(micros(999_999_000_000n))).toBe('999,999.00 USD');
  });

  it('render every notice in every language with its parameters filled and no 6-digit run a code reader could take', () => {
    const notices = [
      { kind: 'new_device', ip: '203.0.113.9' },
      { kind: 'password_changed' },
      { kind: 'password_reset' },
      { kind: 'two_factor_changed', enabled: true },
      { kind: 'two_factor_changed', enabled: false },
      { kind: 'withdraw_method_added', address: 'TR7N…Lj6t', usableAt: AT + 86_400_000 },
      { kind: 'withdrawal_requested', amount: micros(123_456_780_000n), address: 'TR7N…Lj6t' },
      { kind: 'withdrawal_paid', amount: micros(100_000_000n), address: 'HSBC …6789' },
      { kind: 'withdrawal_rejected', amount: micros(100_000_000n), remark: 'Wrong network' },
      { kind: 'deposit_credited', amount: micros(250_500_000n) },
      { kind: 'deposit_rejected', amount: micros(250_500_000n), remark: 'No transfer found' },
      { kind: 'kyc_decided', approved: true, remark: '' },
      { kind: 'kyc_decided', approved: false, remark: 'Blurred photo' },
      { kind: 'margin_call', level: '95.20' },
      { kind: 'stop_out' },
    ] as const;
    for (const lang of LANGS) {
      for (const n of notices) {
        const { subject, body } = render(lang, n, AT);
        expect(subject.length, `${lang} ${n.kind}`).toBeGreaterThan(0);
        expect(body, `${lang} ${n.kind}`).not.toMatch(/\{\w+\}/);
        expect(body).not.toMatch(/\b\d{6}\b/);
      }
    }
    expect(render('en', notices[6], AT).body).toContain('A withdrawal of 123,456.78 USD to TR7N…Lj6t was requested');
    expect(render('en', notices[6], AT).body).toContain('If this was not you');
    expect(render('hk', notices[0], AT).body).toContain('2026-11-18 14:00:00 UTC');
    expect(render('de', notices[9], AT)).toEqual({
      subject: 'Einzahlung gutgeschrieben',
      body: '250.50 USD wurde Ihrem Guthaben gutgeschrieben.',
    });
  });

  it("render a price alert in the user's language, subject and body filled, never as a security notice", () => {
    for (const condition of ['above', 'below'] as const)
      for (const lang of LANGS) {
        const { subject, body } = render(
          lang,
          { kind: 'price_alert', condition, symbol: 'EUR/USD', price: '1.09000', bid: '1.09012', at: AT },
          AT,
        );
        expect(subject, lang).toContain('EUR/USD');
        expect(`${subject} ${body}`, lang).not.toMatch(/\{\w+\}/);
        expect(body, lang).toContain('1.09012');
        expect(body, lang).toContain('1.09000');
        expect(body, lang).not.toContain(TEMPLATES[lang].notYou);
      }
    expect(
      render(
        'de',
        { kind: 'price_alert', condition: 'below', symbol: 'BTC/USD', price: '94000.00', bid: '93990.00', at: AT },
        AT,
      ),
    ).toEqual({
      subject: 'Preisalarm: BTC/USD',
      body: 'BTC/USD hat am 2026-11-18 14:00:00 UTC Ihren Alarm erreicht: Der Geldkurs lag bei 93990.00, auf oder unter 94000.00.',
    });
  });

  it('have every template in every language', () => {
    const keys = Object.keys(TEMPLATES.en.texts).sort();
    for (const lang of LANGS) expect(Object.keys(TEMPLATES[lang].texts).sort(), lang).toEqual(keys);
  });
});

describe('real-name depth notices (issue 32)', () => {
  it('render staff asking for more, and the expiry reminders, in every language with the figures filled', () => {
    for (const lang of LANGS) {
      const more = render(lang, { kind: 'kyc_more', message: 'A clearer selfie' }, AT);
      expect(more.subject.length, lang).toBeGreaterThan(0);
      expect(more.body, lang).toContain('A clearer selfie');
      const soon = render(lang, { kind: 'kyc_expiry', days: 7, expiry: '2026-11-25' }, AT);
      expect(soon.body, lang).toContain('2026-11-25');
      expect(soon.body, lang).toContain('7');
      expect(soon.body, lang).not.toMatch(/\{\w+\}/);
      // Neither is a security notice: no "if this was not you".
      expect(soon.body, lang).not.toContain(TEMPLATES[lang].notYou);
    }
    expect(render('en', { kind: 'kyc_expiry', days: 30, expiry: '2026-12-18' }, AT)).toEqual({
      subject: 'Your identity document expires soon',
      body: 'The identity document of your verification expires on 2026-12-18, in 30 days. Please contact support to update it.',
    });
  });
});
