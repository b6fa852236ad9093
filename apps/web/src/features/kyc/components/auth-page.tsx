import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import {
  KYC_APPROVED,
  KYC_NONE,
  KYC_REJECTED,
  KYC_WAITING,
  type KycCenter,
  type UploadResult,
} from '@tradepad/contracts/wallet/constants';
import { formatDateTime } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { Form, SubmitButton } from '../../../shared/ui/form.tsx';
import { ImageField } from '../../../shared/ui/image-field.tsx';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { SkeletonCard } from '../../../shared/ui/skeleton-card.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useFieldCheck } from '../../../shared/ui/use-field-check.ts';
import { useSingleFlight } from '../../../shared/ui/use-single-flight.ts';
import { useApplyRealName, useKycCenter } from '../api/real-name.api.ts';
import '../../../shared/market/market.css';
import '../../../shared/ui/form.css';
import './kyc.css';

type FieldName = 'name' | 'card_id' | 'front' | 'back';

/**
 * /mine/auth, real-name verification (spec §4, §5): the form when there is no application, "under review" while
 * staff look at it, "verified" once approved, and the reason with a way to apply again when refused.
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
    if (status === KYC_NONE || (status === KYC_REJECTED && reapplying)) {
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
        : ['is-refused', <CloseCircleFill key="i" />, t('kyc.rejected'), t('kyc.rejectedText')];

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
          {center.created_at && (
            <div>
              <dt>{t('kyc.submittedAt')}</dt>
              <dd className="num">{when(center.created_at)}</dd>
            </div>
          )}
        </dl>
      )}
      {status === KYC_REJECTED && (
        <button type="button" className="btn btn-primary btn-block" data-testid="kyc-apply-again" onClick={onApplyAgain}>
          {t('kyc.applyAgain')}
        </button>
      )}
    </section>
  );
}

function KycForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [cardId, setCardId] = useState('');
  const [front, setFront] = useState<UploadResult | null>(null);
  const [back, setBack] = useState<UploadResult | null>(null);
  const check = useFieldCheck<FieldName>();
  const flight = useSingleFlight();
  const apply = useApplyRealName();

  const submit = () =>
    flight.run(async () => {
      if (!name.trim()) return void check.refuse('name', 'kyc.nameRequired');
      if (!cardId.trim()) return void check.refuse('card_id', 'kyc.cardIdRequired');
      if (!front) return void check.refuse('front', 'kyc.frontRequired');
      if (!back) return void check.refuse('back', 'kyc.backRequired');
      check.clear();
      try {
        await apply.mutateAsync({ name: name.trim(), card_id: cardId.trim(), front_pic: front.url, reverse_pic: back.url });
        onDone();
      } catch {
        // The API client showed the server's message.
      }
    });

  return (
    <Form className="kyc-card kyc-form" busy={flight.busy} onSubmit={submit}>
      <p className="kyc-intro tint-primary">{t('kyc.intro')}</p>
      <TextField
        label={t('kyc.name')}
        autoComplete="name"
        maxLength={100}
        placeholder={t('kyc.namePlaceholder')}
        value={name}
        aria-invalid={check.invalid === 'name'}
        aria-required
        testId="kyc-name"
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label={t('kyc.cardId')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        placeholder={t('kyc.cardIdPlaceholder')}
        value={cardId}
        aria-invalid={check.invalid === 'card_id'}
        aria-required
        testId="kyc-card-id"
        onChange={(e) => setCardId(e.target.value)}
      />
      <div className="kyc-photos">
        <ImageField
          label={t('kyc.front')}
          value={front}
          onChange={(v) => {
            setFront(v);
            if (v && check.invalid === 'front') check.clear();
          }}
          invalid={check.invalid === 'front'}
          testId="kyc-front"
        />
        <ImageField
          label={t('kyc.back')}
          value={back}
          onChange={(v) => {
            setBack(v);
            if (v && check.invalid === 'back') check.clear();
          }}
          invalid={check.invalid === 'back'}
          testId="kyc-back"
        />
      </div>
      <p className="field-hint">{t('kyc.photoHint')}</p>
      <SubmitButton busy={flight.busy} testId="kyc-submit">
        {flight.busy ? t('common.sending') : t('kyc.submit')}
      </SubmitButton>
    </Form>
  );
}
