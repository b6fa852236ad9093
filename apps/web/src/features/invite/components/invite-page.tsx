import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import type { InviteList } from '@tradepad/contracts/wallet/constants';
import { formatDateTime } from '../../../i18n/format.ts';
import { rowsOf } from '../../../shared/api/paged.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { QrCode } from '../../../shared/ui/qr-code.tsx';
import { inviteKey, useInvites } from '../api/invite-list.api.ts';
import { inviteLink } from '../hooks/invite-link.ts';
import '../../../shared/market/market.css';
import './invite.css';

/** /mine/invite: the invite code and link (with a QR code) to share, and the people who joined with it. */
export default function InvitePage() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const profileCode = useUserStore((s) => s.profile?.invite_code ?? '');
  const queryClient = useQueryClient();
  const invites = useInvites();
  const first = invites.data?.pages[0];
  const code = first?.invite_code || profileCode;
  const link = inviteLink(window.location.origin, code);
  const rows = rowsOf(invites.data?.pages);
  const total = first?.total ?? 0;

  const refresh = async () => {
    queryClient.setQueryData<InfiniteData<InviteList, number>>(inviteKey, (d) =>
      d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
    );
    await invites.refetch();
  };

  const when = (value: string) => {
    const shown = formatDateTime(/^\d{4}-\d\d-\d\d \d/.test(value) ? value.replace(' ', 'T') : value, lang);
    return shown === '--' ? value : shown;
  };

  let list;
  if (invites.isPending) {
    list = (
      <ul className="invite-list" aria-hidden="true">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="invite-row">
            <span className="sk" style={{ width: '45%', height: 16 }} />
            <span className="sk" style={{ width: '30%', height: 13 }} />
          </li>
        ))}
      </ul>
    );
  } else if (invites.isError && !invites.data) {
    list = (
      <NoData
        title={t('invite.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void invites.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else {
    list = (
      <PagedList
        hasMore={invites.hasNextPage}
        loadMore={() => invites.fetchNextPage({ throwOnError: true })}
        refresh={refresh}
        hideEnd={rows.length === 0}
        testId="invite-list"
      >
        {rows.length === 0 ? (
          <NoData title={t('invite.empty')} hint={t('invite.emptyHint')} />
        ) : (
          <ul className="invite-list">
            {rows.map((r) => (
              <li key={r.uid} className="invite-row" data-testid={`invitee-${r.uid}`}>
                <span className="invite-account">
                  <bdi dir="ltr" className="invite-account-text">
                    {r.account}
                  </bdi>
                  <span className="invite-uid num">
                    {t('user.uid')} {r.uid}
                  </span>
                </span>
                <span className="invite-time num">{when(r.created_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    );
  }

  return (
    <Page name="invite" title={t('route.invite')} back="/user" bodyClassName="invite-body">
      <section className="invite-card" aria-label={t('route.invite')}>
        <p className="invite-text">{t('invite.text')}</p>
        {invites.isPending && !code ? (
          <span className="sk" style={{ width: 168, height: 168 }} aria-hidden="true" />
        ) : (
          <QrCode value={link} label={t('invite.qr')} testId="invite-qr" />
        )}
        <div className="invite-share">
          <ShareRow label={t('invite.code')} text={code} className="invite-code num" name="code" />
          <ShareRow label={t('invite.link')} text={link} className="invite-link" name="link" />
        </div>
      </section>
      <h2 className="invite-list-title">
        {t('invite.people')}
        {total > 0 && <span className="invite-count num"> ({total})</span>}
      </h2>
      {list}
    </Page>
  );
}

/** The invite code or link, with its copy button (test ids `invite-<name>` and `invite-copy-<name>`). */
function ShareRow({ label, text, className, name }: { label: string; text: string; className: string; name: string }) {
  return (
    <div className="invite-share-row">
      <div className="invite-share-text">
        <span className="invite-share-label">{label}</span>
        <span className={className} data-testid={`invite-${name}`}>
          {text || '--'}
        </span>
      </div>
      <CopyButton text={text} what={label} testId={`invite-copy-${name}`} withLabel />
    </div>
  );
}
