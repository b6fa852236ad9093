import { describe, expect, it } from 'vitest';
import type { DrawMethod } from '@tradepad/contracts/wallet/constants';
import { assetGlyph, maskAccount, maskAddress, methodDestination, methodDetail, methodTitle } from './method-text.ts';

const base: DrawMethod = {
  id: 1,
  type: 1,
  draw_id: 1,
  draw_currency: { id: 1, code: 'USDT', protocol: 'TRC20' },
  dc_address: 'TQ5Nx1ChdvZ9rMNyKkJyq1fwDz5jvmS3aB',
  bank_name: '',
  bank_address: '',
  bank_swift: '',
  payee_name: '',
  payee_account: '',
  remark: '',
  usable_at: 0,
};

describe('method text', () => {
  it('names a coin address by currency and network', () => {
    expect(methodTitle(base)).toBe('USDT · TRC20');
    expect(methodDetail(base)).toBe(base.dc_address);
    expect(methodTitle({ ...base, draw_currency: { id: 3, code: 'BTC', protocol: 'BTC' } })).toBe('BTC');
  });

  it('hides all but the last 4 characters of a bank account', () => {
    const bank: DrawMethod = {
      ...base,
      type: 2,
      draw_currency: { id: 5, code: 'EUR', protocol: '' },
      bank_name: 'HSBC',
      payee_name: 'Ada Lovelace',
      payee_account: 'DE89370400440532013000',
    };
    expect(methodTitle(bank)).toBe('HSBC · EUR');
    expect(methodDetail(bank)).toBe('Ada Lovelace •••• 3000');
    expect(maskAccount('123')).toBe('123');
  });

  it('masks where a withdrawal goes for the final confirmation', () => {
    expect(maskAddress('TQ5Nx1ChdvZ9rMNyKkJyq1fwDz5jvmS3aB')).toBe('TQ5Nx1…vmS3aB');
    expect(methodDestination(base)).toBe('TQ5Nx1…vmS3aB');
    expect(
      methodDestination({ ...base, type: 2, dc_address: '', bank_name: 'HSBC', payee_name: 'Alice', payee_account: '123456789' }),
    ).toBe('HSBC · Alice •••• 6789');
  });
});

describe('a coin address shows its asset, not a ¥ (issue 33)', () => {
  it.each([
    ['USDT', '₮'],
    ['usdt', '₮'],
    ['BTC', '₿'],
    ['ETH', 'Ξ'],
    ['DOGE', 'D'],
    ['', '¤'],
  ])('%s → %s', (code, glyph) => {
    expect(assetGlyph(code)).toBe(glyph);
    expect(assetGlyph(code)).not.toBe('¥');
  });
});
