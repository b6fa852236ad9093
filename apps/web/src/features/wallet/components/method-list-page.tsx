import { useTranslation } from '../../../i18n/i18n.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { AssetIcon } from './asset-icon.tsx';
import { Link } from '../../../shared/router/router.tsx';
import { AddOutline, BankcardOutline } from 'antd-mobile-icons';
import { DRAW_BANK, DRAW_COIN, type DrawMethod, type DrawType } from '@tradepad/contracts/wallet/constants';
import { Dialog } from '../../../shared/ui/antd.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useDeleteDrawMethod, useDrawMethods } from '../api/draw-methods.api.ts';
import { ListSkeleton } from './list-skeleton.tsx';
import { methodDetail, methodTitle } from './method-text.ts';
import '../../../shared/market/market.css';
import './wallet.css';

/** /mine/bank-card-list: the bound bank accounts. */
export function BankCardListPage() {
  return <MethodListPage type={DRAW_BANK} />;
}

/** /mine/coin-address-list: the bound coin addresses. */
export default function CoinAddressListPage() {
  return <MethodListPage type={DRAW_COIN} />;
}

/** The bound methods of one type, each removable after a confirmation (DESIGN §9), and a way to add one. */
function MethodListPage({ type }: { type: DrawType }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const bank = type === DRAW_BANK;
  const methods = useDrawMethods(type);
  const del = useDeleteDrawMethod();
  const list = methods.data ?? [];
  const addPath = `/mine/withdraw-way?type=${type}`;

  const confirmDelete = async (m: DrawMethod) => {
    const ok = await Dialog.confirm({
      title: t(bank ? 'method.deleteBank' : 'method.deleteAddress'),
      content: t('method.deleteConfirm', { what: methodTitle(m) }),
      confirmText: t('method.delete'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await del.mutateAsync(m.id);
    } catch {
      // The API client showed the server's message.
    }
  };

  let body;
  if (methods.isPending) body = <ListSkeleton rows={2} />;
  else if (methods.isError) {
    body = (
      <NoData
        title={t('wallet.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void methods.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else if (list.length === 0) {
    body = (
      <NoData
        title={t(bank ? 'method.noBanks' : 'method.noAddresses')}
        hint={t(bank ? 'method.noBanksHint' : 'method.noAddressesHint')}
      />
    );
  } else {
    body = (
      <ul className="method-list" data-testid="method-list">
        {list.map((m) => (
          <li key={m.id} className="method-card" data-testid={`method-${m.id}`}>
            <span className="method-icon" aria-hidden="true">
              {bank ? <BankcardOutline /> : <AssetIcon code={m.draw_currency.code} />}
            </span>
            <span className="method-text">
              <span className="method-name">{methodTitle(m)}</span>
              <span className="method-detail">{methodDetail(m)}</span>
              {bank && m.bank_swift && <span className="method-detail">SWIFT {m.bank_swift}</span>}
              {m.usable_at > Date.now() && (
                <span className="method-hold" data-testid={`method-hold-${m.id}`}>
                  {t('withdraw.usableFrom', { time: formatDateTime(m.usable_at, lang) })}
                </span>
              )}
            </span>
            <button
              type="button"
              className="method-delete"
              aria-label={t('method.deleteWhat', { what: methodTitle(m) })}
              data-testid={`method-delete-${m.id}`}
              onClick={() => void confirmDelete(m)}
            >
              {t('method.delete')}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Page
      name={bank ? 'bankCardList' : 'coinAddressList'}
      title={t(bank ? 'route.bankCardList' : 'route.coinAddressList')}
      back="/mine/wallet"
      bodyClassName="wallet-body"
    >
      {body}
      <Link to={addPath} className="btn btn-primary btn-block" data-testid="method-add">
        <AddOutline aria-hidden />
        {t(bank ? 'method.addBank' : 'method.addAddress')}
      </Link>
    </Page>
  );
}
