import type { TradeItem } from '@tradepad/contracts/market/constants';
import { tradingTerms, type TradingTerms } from '@tradepad/domain/trading';

/**
 * An instrument's money terms from the trade list, as the ticket and the chart's lines compute with them (the same
 * domain rules as the engine), or null when its published terms cannot be read.
 */
export function termsOf(
  item: Pick<TradeItem, 'PricePrecision' | 'ForexContNum' | 'MarginMode' | 'ForexFeeRate'> &
    Partial<Pick<TradeItem, 'CategoryId'>>,
): TradingTerms | null {
  try {
    return tradingTerms({
      // The category decides the pip's size (domain pipPoints): BTCUSD's pip is a dollar, not a cent.
      categoryId: item.CategoryId,
      precision: item.PricePrecision,
      contractSize: item.ForexContNum,
      marginMode: item.MarginMode,
      feeRate: item.ForexFeeRate,
    });
  } catch {
    return null;
  }
}
