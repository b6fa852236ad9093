import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { MarketsIcon, MeIcon, OrdersIcon, RankIcon, TradeIcon } from './tab-icons.tsx';
import './tab-bar.css';

interface TabDef {
  to: string;
  key: string;
  icon: ReactNode;
}

/** DESIGN §9: Markets, Trade, Orders, Ranking, Me. News is reached from the home header and from Me. */
const TABS: TabDef[] = [
  { to: '/', key: 'markets', icon: <MarketsIcon /> },
  { to: '/trade', key: 'trade', icon: <TradeIcon /> },
  { to: '/order', key: 'orders', icon: <OrdersIcon /> },
  { to: '/rank', key: 'rank', icon: <RankIcon /> },
  { to: '/user', key: 'me', icon: <MeIcon /> },
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
          data-testid={`tab-${tab.key}`}
        >
          <span className="tab-bar-icon">{tab.icon}</span>
          <span className="tab-bar-label">{t(`tab.${tab.key}`)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
