import { ComingSoon } from '../../shared/ui/coming-soon.tsx';

/** Placeholder until the rank feature lands. */
export default function RankScreen() {
  return <ComingSoon name="rank" titleKey="route.rank" withTabBar />;
}
