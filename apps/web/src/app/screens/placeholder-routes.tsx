import { ComingSoon } from '../../shared/ui/coming-soon.tsx';

/**
 * Screens that later issues deliver, as translated "coming soon" pages with a back arrow. One module so they share
 * one small chunk.
 */
export function PlaceholderScreen({ name, titleKey, back }: { name: string; titleKey: string; back: string }) {
  return <ComingSoon name={name} titleKey={titleKey} back={back} />;
}

export default PlaceholderScreen;
