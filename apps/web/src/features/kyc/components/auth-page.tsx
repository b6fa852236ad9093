import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import {
  KYC_APPROVED,
  KYC_MORE_INFO,
  KYC_NONE,
  KYC_REJECTED,
  KYC_WAITING,
  type KycCenter,
} from '@tradepad/contracts/wallet/constants';
import { formatDateTime } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { SkeletonCard } from '../../../shared/ui/skeleton-card.tsx';
import { useKycCenter } from '../api/real-name.api.ts';
import { KycForm } from './kyc-form.tsx';
import '../../../shared/market/market.css';
import '../../../shared/ui/form.css';
import './kyc.css';

/**
 * /mine/auth, real-name verification (spec §4, §5, DESIGN §16): the form when there is no application, "under review"
 * while staff look at it, "verified" once approved, the reason with a way to apply again when refused, and staff's
 * message with a way to submit again when they asked for more information (status 4).
 */
export default function AuthPage() {
  const { t } = useTranslation();
  const center = useKycCenter();
  const [reapplying, setReapplying] = useState(false);

  let body;
  if (center.isPending) {
    body = <SkeletonCard className="kyc-card" bars={['50%/18', '100%/50', '100%/50', '60%/120']} />;
  } else if (center.isError || !center.data) {
    body = (
      <NoData
        title={t('kyc.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void center.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else {
    const status = center.data.review_status;
    if (status === KYC_NONE || ((status === KYC_REJECTED || status === KYC_MORE_INFO) && reapplying)) {
      body = <KycForm onDone={() => setReapplying(false)} />;
    } else {
      body = <KycStatus center={center.data} onApplyAgain={() => setReapplying(true)} />;
    }
  }

  return (
    <Page name="auth" title={t('route.auth')} back="/user" bodyClassName="kyc-body">
      {body}
    </Page>
  );
}

function KycStatus({ center, onApplyAgain }: { center: KycCenter; onApplyAgain(): void }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const status = center.review_status;
  const when = (value: string) => {
    const shown = value ? formatDateTime(/^\d{4}-\d\d-\d\d \d/.test(value) ? value.replace(' ', 'T') : value, lang) : '';
    return shown === '--' ? value : shown;
  };
  const [tone, icon, title, text] =
    status === KYC_APPROVED
      ? ['is-done', <CheckCircleFill key="i" />, t('kyc.approved'), t('kyc.approvedText')]
      : status === KYC_WAITING
        ? ['is-waiting', <ClockCircleFill key="i" />, t('kyc.waiting'), t('kyc.waitingText')]
        : status === KYC_MORE_INFO
          ? ['is-more', <ExclamationCircleFill key="i" />, t('kyc.more'), t('kyc.moreText')]
          : ['is-refused', <CloseCircleFill key="i" />, t('kyc.rejected'), t('kyc.rejectedText')];
  const again = status === KYC_REJECTED || status === KYC_MORE_INFO;

  return (
    <section className={`kyc-card kyc-status ${tone}`} data-testid="kyc-status" data-status={status}>
      <span className="kyc-status-icon" aria-hidden="true">
        {icon}
      </span>
      <h2 className="kyc-status-title" data-testid="kyc-status-title">
        {title}
      </h2>
      <p className="kyc-status-text">{text}</p>
      {status === KYC_REJECTED && center.remark && (
        <p className="kyc-remark" data-testid="kyc-remark">
          {t('kyc.reason', { remark: center.remark })}
        </p>
      )}
      {status === KYC_MORE_INFO && center.remark && (
        <p className="kyc-remark is-more" data-testid="kyc-remark">
          {/* Staff's words keep their own direction inside the sentence (an English message in Arabic). */}
          {t('kyc.message', { remark: `\u2068${center.remark}\u2069` })}
        </p>
      )}
      {status === KYC_APPROVED && center.doc_expired && (
        <p className="kyc-remark" data-testid="kyc-expired">
          {t('kyc.expired')}
        </p>
      )}
      {(center.name || center.card_id) && (
        <dl className="kyc-facts">
          {center.name && (
            <div>
              <dt>{t('kyc.name')}</dt>
              <dd>{center.name}</dd>
            </div>
          )}
          {center.card_id && (
            <div>
              <dt>{t('kyc.cardId')}</dt>
              <dd className="num" dir="ltr">
                {center.card_id}
              </dd>
            </div>
          )}
          {center.doc_type && (
            <div>
              <dt>{t('kyc.docType')}</dt>
              <dd>{t(`kyc.docTypes.${center.doc_type}`)}</dd>
            </div>
          )}
          {center.doc_expiry && (
            <div>
              <dt>{t('kyc.docExpiry')}</dt>
              <dd className="num" dir="ltr" data-testid="kyc-doc-expiry-shown">
                {center.doc_expiry}
              </dd>
            </div>
          )}
          {center.created_at && (
            <div>
              <dt>{t('kyc.submittedAt')}</dt>
              <dd className="num">{when(center.created_at)}</dd>
            </div>
          )}
        </dl>
      )}
      {again && (
        <button type="button" className="btn btn-primary btn-block" data-testid="kyc-apply-again" onClick={onApplyAgain}>
          {status === KYC_MORE_INFO ? t('kyc.resubmit') : t('kyc.applyAgain')}
        </button>
      )}
    </section>
  );
}
