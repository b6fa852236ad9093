import { useSearchParams } from 'react-router';
import { ComingSoon } from '../../shared/ui/coming-soon.tsx';

/**
 * Screens that later issues deliver, as translated "coming soon" pages with a back arrow. One module so they share
 * one small chunk.
 */
export function PlaceholderScreen({ name, titleKey, back }: { name: string; titleKey: string; back: string }) {
  return <ComingSoon name={name} titleKey={titleKey} back={back} />;
}

/** /mine/withdraw-way?type=1 (coin address) or 2 (bank account). */
export function WithdrawWayScreen() {
  const [params] = useSearchParams();
  const bank = params.get('type') === '2';
  return (
    <ComingSoon name="withdrawWay" titleKey={bank ? 'route.withdrawWayBank' : 'route.withdrawWayCoin'} back="/mine/wallet" />
  );
}

export default PlaceholderScreen;
