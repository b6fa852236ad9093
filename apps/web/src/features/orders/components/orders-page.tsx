import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Link } from '../../../shared/router/router.tsx';
import { STATUS_CLOSED, STATUS_HOLDING, STATUS_PENDING, type OrderView } from '@tradepad/contracts/trading/constants';
import { accountSummaryKey } from '../../../shared/api/account-summary.api.ts';
import { rowsOf } from '../../../shared/api/paged.ts';
import { useDayMarketFeed } from '../../../shared/market/day-market-feed.ts';
import { liveOrders, useAccountFeed, useForexClosed } from '../../../shared/trading/account-feed.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { NoticeBell } from '../../../shared/ui/notice-bell.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { Dialog } from '../../../shared/ui/antd.ts';
import { gatedProps, useTradeGate } from '../../../shared/ui/trade-gate.ts';
import { useCloseAll, useCloseOrder } from '../api/close-order.api.ts';
import { dealsKey, useDeals, type DealPage, type DealTab } from '../api/deals.api.ts';
import { idsOf, withoutOrders } from '../hooks/order-changes.ts';
import { MarginCallBanner } from './margin-call-banner.tsx';
import { OrderRow, OrderRowsSkeleton } from './order-row.tsx';
import { OrderSheet } from './order-sheet.tsx';
import { SummaryCard } from './summary-card.tsx';
import '../../../shared/market/market.css';
import './orders.css';

const TAB_NAMES: Record<DealTab, string> = { 1: 'holding', 0: 'pending', 3: 'history' };
/** The tabs: the order lists by status, then the trader's copy trading (issue 34) when the screen composes it in. */
type OrdersTab = DealTab | 'copying';
/** Unknown live orders (a pending order that just filled) refresh the lists at most this often. */
const REFRESH_GAP_MS = 2_000;

/**
 * /order (spec §2): the margin-call banner, the account card, the Holding, Pending and History tabs with paged,
 * pull-to-refresh lists whose holding rows move with FOREX_TRADE, and the order's detail sheet. Orders that close
 * (FOREX_CLOSED) leave the lists at once, and their sheet closes. `copying` draws a fourth tab, Copying (issue 34),
 * given by the screen that composes the copy-trading feature in.
 */
export default function OrdersPage({ copying }: { copying?: () => ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useAccountFeed();
  useDayMarketFeed();
  // The order lists keep their status tab while Copying shows, so coming back finds them as they were.
  const [tab, setTab] = useState<DealTab>(STATUS_HOLDING);
  const [copyingOpen, setCopyingOpen] = useState(false);
  const copyingShown = copyingOpen && copying !== undefined;
  const chooseTab = (next: OrdersTab) => {
    setCopyingOpen(next === 'copying');
    if (next !== 'copying') setTab(next);
  };
  const [selected, setSelected] = useState<{ id: number; tab: DealTab } | null>(null);

  const deals = useDeals(tab);
  // The sheet shows the listed copy of the order, so edits and pushes reach it; gone from the list, it closes.
  const selectedOrder: OrderView | null =
    (selected && selected.tab === tab && rowsOf(deals.data?.pages).find((o) => o.Id === selected.id)) || null;

  useForexClosed((message) => {
    const ids = new Set(message.id);
    for (const status of [STATUS_HOLDING, STATUS_PENDING] as const) {
      queryClient.setQueryData<InfiniteData<DealPage, number>>(dealsKey(status), (d) => withoutOrders(d, ids));
    }
    void queryClient.invalidateQueries({ queryKey: dealsKey(STATUS_CLOSED) });
    if (selected && ids.has(selected.id)) setSelected(null);
  });

  // A live order the holding list does not know (a pending order filled): fetch holding and pending again.
  const lastRefresh = useRef(0);
  useEffect(
    () =>
      liveOrders.watch((id) => {
        const holding = queryClient.getQueryData<InfiniteData<DealPage, number>>(dealsKey(STATUS_HOLDING));
        if (!holding || idsOf(holding).has(id)) return;
        const last = holding.pages.at(-1);
        if (last && holding.pages.reduce((n, p) => n + p.data.length, 0) < last.total) return;
        const now = Date.now();
        if (now - lastRefresh.current < REFRESH_GAP_MS) return;
        lastRefresh.current = now;
        void queryClient.invalidateQueries({ queryKey: dealsKey(STATUS_HOLDING) });
        void queryClient.invalidateQueries({ queryKey: dealsKey(STATUS_PENDING) });
      }),
    [queryClient],
  );

  const refresh = async () => {
    // Pull-to-refresh starts again from page 1.
    queryClient.setQueryData<InfiniteData<DealPage, number>>(dealsKey(tab), (d) =>
      d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
    );
    await Promise.all([deals.refetch(), queryClient.invalidateQueries({ queryKey: accountSummaryKey })]);
  };

  // One-tap close (issue 20): asks first unless the trader turned that off in the settings.
  const quickCloseConfirm = useSettingsStore((s) => s.quickCloseConfirm);
  const close = useCloseOrder();
  const closeAll = useCloseAll();
  const gate = useTradeGate();
  const quickClose = async (order: OrderView) => {
    if (!gate.pass() || close.isPending) return;
    if (quickCloseConfirm) {
      const ok = await Dialog.confirm({
        title: t('orders.close'),
        content: t('orders.closeConfirm', { code: order.ForexTradeLists.ShowCode }),
        confirmText: t('orders.closeAction'),
        cancelText: t('orders.keep'),
      });
      if (!ok || !gate.pass()) return;
    }
    try {
      await close.mutateAsync(order.Id);
    } catch {
      // The API client showed the server's message.
    }
  };
  const confirmCloseAll = async () => {
    if (!gate.pass()) return;
    const ok = await Dialog.confirm({
      title: t('orders.closeAll'),
      content: t('orders.closeAllConfirm'),
      confirmText: t('orders.closeAll'),
      cancelText: t('orders.keep'),
    });
    if (!ok || !gate.pass()) return;
    try {
      await closeAll.mutateAsync(undefined);
    } catch {
      // The API client showed the server's message.
    }
  };

  const rows = rowsOf(deals.data?.pages);
  const name = TAB_NAMES[tab];
  let body;
  if (deals.isPending) {
    body = <OrderRowsSkeleton />;
  } else if (deals.isError && !deals.data) {
    body = (
      <NoData
        title={t('orders.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void deals.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else {
    body = (
      <PagedList
        hasMore={deals.hasNextPage}
        loadMore={() => deals.fetchNextPage({ throwOnError: true })}
        refresh={refresh}
        hideEnd={rows.length === 0}
        testId={`orders-${name}`}
      >
        {rows.length === 0 ? (
          <NoData
            title={t(`orders.empty.${name}`)}
            hint={tab === STATUS_CLOSED ? undefined : t('orders.emptyHint')}
            action={
              tab === STATUS_CLOSED ? undefined : (
                <Link to="/trade" className="no-data-action orders-go-trade">
                  {t('orders.goTrade')}
                </Link>
              )
            }
          />
        ) : (
          <>
            {tab === STATUS_HOLDING && (
              <div className="orders-bulk">
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  data-testid="orders-close-all"
                  disabled={closeAll.isPending}
                  {...gatedProps(gate.open)}
                  onClick={() => void confirmCloseAll()}
                >
                  {t('orders.closeAll')}
                </button>
              </div>
            )}
            <ul className="order-list">
              {rows.map((order) => (
                <OrderRow
                  key={order.Id}
                  order={order}
                  tab={tab}
                  onOpen={(o) => setSelected({ id: o.Id, tab })}
                  onQuickClose={tab === STATUS_HOLDING ? (o) => void quickClose(o) : undefined}
                />
              ))}
            </ul>
          </>
        )}
      </PagedList>
    );
  }

  return (
    <Page name="order" title={t('route.order')} withTabBar bodyClassName="orders-body" right={<NoticeBell />}>
      <MarginCallBanner />
      <SummaryCard />
      <div className="orders-tabs">
        <Segmented<`${DealTab}` | 'copying'>
          label={t('orders.tabs')}
          value={copyingShown ? 'copying' : `${tab}`}
          onChange={(v) => chooseTab(v === 'copying' ? v : (Number(v) as DealTab))}
          options={[
            ...([STATUS_HOLDING, STATUS_PENDING, STATUS_CLOSED] as const).map((s) => ({
              value: `${s}` as const,
              label: t(`orders.tab.${TAB_NAMES[s]}`),
              testId: `orders-tab-${TAB_NAMES[s]}`,
            })),
            ...(copying ? [{ value: 'copying' as const, label: t('orders.tab.copying'), testId: 'orders-tab-copying' }] : []),
          ]}
        />
      </div>
      {copyingShown ? (
        <div role="tabpanel" aria-label={t('orders.tab.copying')}>
          {copying()}
        </div>
      ) : (
        <div role="tabpanel" aria-label={t(`orders.tab.${name}`)}>
          {body}
        </div>
      )}
      <OrderSheet order={selectedOrder} onClose={() => setSelected(null)} />
    </Page>
  );
}
