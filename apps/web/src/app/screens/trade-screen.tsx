import { ComingSoon } from '../../shared/ui/coming-soon.tsx';

/** Placeholder until the trade feature lands. */
export default function TradeScreen() {
  return <ComingSoon name="trade" titleKey="route.trade" withTabBar />;
}
