import { ComingSoon } from '../../shared/ui/coming-soon.tsx';

/** Placeholder until the news feature lands. Reached from the home header and from Me, so it has a back arrow. */
export default function NewsScreen() {
  return <ComingSoon name="news" titleKey="route.news" back="/" withTabBar />;
}
