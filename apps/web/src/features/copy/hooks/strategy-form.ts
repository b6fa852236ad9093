import { COPY_MAX_MANAGEMENT_FEE_PERCENT, COPY_MAX_PERFORMANCE_FEE_PERCENT } from '@tradepad/contracts/copy/constants';
import { basisPoints, decimalMicros, normalizeDecimal, type FieldProblem } from './follow-form.ts';

/** What a provider types to open a strategy; fees in percent, the minimum in USD. */
export interface StrategyDraft {
  name: string;
  description: string;
  performanceFee: string;
  managementFee: string;
  minInvestment: string;
}

export interface StrategyCheck {
  name?: FieldProblem;
  description?: FieldProblem;
  performanceFee?: FieldProblem;
  managementFee?: FieldProblem;
  minInvestment?: FieldProblem;
  params?: {
    name: string;
    description: string;
    performance_fee_percent: string;
    management_fee_percent: string;
    min_investment: string;
  };
}

export const NAME_MIN = 2;
export const NAME_MAX = 60;
export const DESCRIPTION_MAX = 2000;

/** A fee: empty is 0; at most 2 decimals; no more than `max` percent. */
function fee(text: string, max: number): { value: string; problem?: FieldProblem } {
  const value = normalizeDecimal(text) || '0';
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value) || basisPoints(value) > max * 100) {
    return { value, problem: { key: 'copy.provider.feeInvalid', values: { max } } };
  }
  return { value };
}

/** The "Become a provider" form's checks, the same limits as the server's (DESIGN §18). */
export function checkStrategy(draft: StrategyDraft): StrategyCheck {
  const out: StrategyCheck = {};
  const name = draft.name.trim();
  const description = draft.description.trim();
  if (name.length < NAME_MIN || name.length > NAME_MAX) {
    out.name = { key: 'copy.provider.nameInvalid', values: { min: NAME_MIN, max: NAME_MAX } };
  }
  if (description.length > DESCRIPTION_MAX)
    out.description = { key: 'copy.provider.descriptionInvalid', values: { max: DESCRIPTION_MAX } };
  const performance = fee(draft.performanceFee, COPY_MAX_PERFORMANCE_FEE_PERCENT);
  const management = fee(draft.managementFee, COPY_MAX_MANAGEMENT_FEE_PERCENT);
  if (performance.problem) out.performanceFee = performance.problem;
  if (management.problem) out.managementFee = management.problem;
  const min = normalizeDecimal(draft.minInvestment) || '0';
  if (decimalMicros(min, 2) === null) out.minInvestment = { key: 'copy.provider.minInvalid' };
  if (!out.name && !out.description && !out.performanceFee && !out.managementFee && !out.minInvestment) {
    out.params = {
      name,
      description,
      performance_fee_percent: performance.value,
      management_fee_percent: management.value,
      min_investment: min,
    };
  }
  return out;
}
