import type { AccountType } from '@tradepad/contracts/account-types/schemas';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatDecimal } from '../../../i18n/format.ts';
import { useAccountSummary } from '../../../shared/api/account-summary.api.ts';
import { useUserInfo } from '../../../shared/api/user-info.api.ts';
import { useNavigate } from '../../../shared/router/router.tsx';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';
import { Dialog } from '../../../shared/ui/antd.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { SkeletonCard } from '../../../shared/ui/skeleton-card.tsx';
import { useAccountTypes, useChooseAccountType } from '../api/account-types.api.ts';
import './account-types-page.css';

/**
 * /account-types (issue 32, DESIGN §16), public: every published account type with its terms (spread markup,
 * commission, leverage cap, levels, margin fee, swaps, free margin, pending margin), the signed-in trader's own marked.
 * A trader chooses another while nothing is open; with margin in use the choice is replaced by why it cannot be made,
 * and the server refuses a pending order's case with its own message. A visitor is offered to sign in.
 */
export default function AccountTypesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => s.loggedIn);
  const profile = useUserStore((s) => s.profile);
  useUserInfo();
  const summary = useAccountSummary().data;
  const types = useAccountTypes();
  const choose = useChooseAccountType();
  const currentId = loggedIn ? profile?.account_type?.id : undefined;
  // Margin in use: a position or a reserved pending order is open, so no type can be chosen now.
  const busy = loggedIn && summary !== undefined && Number(summary.used_margin) > 0;

  const onChoose = async (type: AccountType) => {
    const ok = await Dialog.confirm({
      title: t('accountTypes.confirmTitle', { name: type.name }),
      content: t('accountTypes.confirmBody'),
      confirmText: t('accountTypes.choose'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await choose.mutateAsync(type);
    } catch {
      // The API client showed the server's message (positions open, a type no longer offered).
    }
  };

  let body;
  if (types.isPending) {
    body = [0, 1].map((i) => <SkeletonCard key={i} className="type-card" bars={['40%/18', '90%/14', '80%/14', '70%/14']} />);
  } else if (!types.data) {
    body = (
      <NoData
        title={t('accountTypes.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void types.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else {
    body = (
      <ul className="type-list">
        {types.data.map((type) => (
          <TypeCard
            key={type.id}
            type={type}
            current={type.id === currentId}
            action={
              !loggedIn ? null : type.id === currentId ? null : busy ? (
                <p className="type-busy" data-testid={`account-type-busy-${type.id}`}>
                  {t('accountTypes.busy')}
                </p>
              ) : (
                <button
                  type="button"
                  className="btn btn-primary type-choose"
                  data-testid={`account-type-choose-${type.id}`}
                  disabled={choose.isPending}
                  onClick={() => void onChoose(type)}
                >
                  {t('accountTypes.choose')}
                </button>
              )
            }
          />
        ))}
      </ul>
    );
  }

  return (
    <Page name="accountTypes" title={t('route.accountTypes')} back={loggedIn ? '/user' : '/'}>
      <p className="type-intro">{t('accountTypes.intro')}</p>
      {body}
      {!loggedIn && types.data && (
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="account-types-sign-in"
          onClick={() => void navigate('/login?from=%2Faccount-types')}
        >
          {t('accountTypes.signIn')}
        </button>
      )}
    </Page>
  );
}

function TypeCard({ type, current, action }: { type: AccountType; current: boolean; action: React.ReactNode }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const commission = Number(type.commission_per_lot);
  const terms: [string, string][] = [
    [
      t('accountTypes.spread'),
      type.spread_markup > 0 ? t('accountTypes.spreadValue', { points: type.spread_markup }) : t('accountTypes.none'),
    ],
    [
      t('accountTypes.commission'),
      commission > 0
        ? t('accountTypes.commissionValue', { amount: formatDecimal(type.commission_per_lot, lang, 2) })
        : t('accountTypes.none'),
    ],
    [
      t('accountTypes.leverage'),
      type.max_leverage === null ? t('accountTypes.leverageAny') : t('trading.leverageValue', { value: type.max_leverage }),
    ],
    [t('accountTypes.levels'), t('accountTypes.levelsValue', { call: type.margin_call_level, out: type.stop_out_level })],
    [t('accountTypes.fee'), type.fee_on_margin ? t('accountTypes.charged') : t('accountTypes.waived')],
    [t('accountTypes.swap'), type.swap_free ? t('accountTypes.swapFree') : t('accountTypes.charged')],
    [t('accountTypes.freeMargin'), t(`accountTypes.${type.free_margin_mode}`)],
    [t('accountTypes.pending'), t(`accountTypes.${type.pending_margin}`)],
  ];
  return (
    <li className={current ? 'type-card is-current' : 'type-card'} data-testid={`account-type-${type.id}`}>
      <p className="type-name">
        <bdi>{type.name}</bdi>
        {current && (
          <span className="type-badge" data-testid="account-type-current">
            {t('accountTypes.current')}
          </span>
        )}
      </p>
      {type.description && <p className="type-description">{type.description}</p>}
      <dl className="type-terms">
        {terms.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {action && <div className="type-action">{action}</div>}
    </li>
  );
}
