import { ComingSoon } from '../../shared/ui/coming-soon.tsx';

/** Placeholder until the order feature lands. */
export default function OrderScreen() {
  return <ComingSoon name="order" titleKey="route.order" withTabBar />;
}
