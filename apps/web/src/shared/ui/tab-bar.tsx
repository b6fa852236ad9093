import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { NavLink } from '../router/router.tsx';
import { MarketsIcon, MeIcon, OrdersIcon, RankIcon, TradeIcon } from './tab-icons.tsx';
import './tab-bar.css';

interface TabDef {
  to: string;
  /** Route name of spec §2, for `data-testid="tab-<route>"`. */
  route: string;
  /** Label key under `tab.`. */
  key: string;
  icon: ReactNode;
}

/** DESIGN §9: Markets, Trade, Orders, Ranking, Me. News is reached from the home header and from Me. */
const TABS: TabDef[] = [
  { to: '/', route: 'home', key: 'markets', icon: <MarketsIcon /> },
  { to: '/trade', route: 'trade', key: 'trade', icon: <TradeIcon /> },
  { to: '/order', route: 'order', key: 'orders', icon: <OrdersIcon /> },
  { to: '/rank', route: 'rank', key: 'rank', icon: <RankIcon /> },
  { to: '/user', route: 'user', key: 'me', icon: <MeIcon /> },
];

export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t('tab.label')} data-testid="tabbar">
      {TABS.map((tab) => (
        <NavLink
          key={tab.key}
          to={tab.to}
          end
          className={({ isActive }) => `tab-bar-item${isActive ? ' is-active' : ''}`}
          data-testid={`tab-${tab.route}`}
        >
          <span className="tab-bar-icon">{tab.icon}</span>
          <span className="tab-bar-label">{t(`tab.${tab.key}`)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
