import { describe, expect, it } from 'vitest';
import { checkStrategy, type StrategyDraft } from './strategy-form.ts';

const draft = (over: Partial<StrategyDraft> = {}): StrategyDraft => ({
  name: 'Steady FX',
  description: 'Majors, small lots',
  performanceFee: '20',
  managementFee: '2',
  minInvestment: '100',
  ...over,
});

describe('checkStrategy', () => {
  it('sends trimmed text and normalised numbers', () => {
    expect(
      checkStrategy(draft({ name: '  Steady FX ', performanceFee: '12,5', managementFee: '', minInvestment: '' })).params,
    ).toEqual({
      name: 'Steady FX',
      description: 'Majors, small lots',
      performance_fee_percent: '12.5',
      management_fee_percent: '0',
      min_investment: '0',
    });
  });

  it.each([
    [{ name: 'x' }, 'name', 'copy.provider.nameInvalid'],
    [{ name: 'x'.repeat(61) }, 'name', 'copy.provider.nameInvalid'],
    [{ description: 'x'.repeat(2001) }, 'description', 'copy.provider.descriptionInvalid'],
    [{ performanceFee: '50.01' }, 'performanceFee', 'copy.provider.feeInvalid'],
    [{ performanceFee: '10.555' }, 'performanceFee', 'copy.provider.feeInvalid'],
    [{ managementFee: '5.5' }, 'managementFee', 'copy.provider.feeInvalid'],
    [{ managementFee: '-1' }, 'managementFee', 'copy.provider.feeInvalid'],
    [{ minInvestment: '10.001' }, 'minInvestment', 'copy.provider.minInvalid'],
  ] as const)('refuses %j', (over, field, key) => {
    const check = checkStrategy(draft(over));
    expect(check[field]?.key).toBe(key);
    expect(check.params).toBeUndefined();
  });

  it('takes the highest fees allowed', () => {
    expect(checkStrategy(draft({ performanceFee: '50', managementFee: '5.00' })).params).toBeDefined();
  });
});
