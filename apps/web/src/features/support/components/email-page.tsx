import { useTranslation } from '../../../i18n/i18n.ts';
import { MailOutline } from 'antd-mobile-icons';
import { useBasicInfo } from '../../../shared/api/basic-info.api.ts';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import './support.css';

const EMAIL = /^[^\s@<>()"]+@[^\s@<>()"]+\.[^\s@<>()"]+$/;

/** /mine/email (spec §2): the company's complaint email, to write to or copy. */
export default function EmailPage() {
  const { t } = useTranslation();
  const basic = useBasicInfo();
  const email = (basic.data?.complaint_email ?? '').trim();

  let body;
  if (!basic.data) {
    body = basic.isError ? (
      <NoData
        title={t('support.emailError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void basic.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    ) : (
      <div className="page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    );
  } else if (!EMAIL.test(email)) {
    body = <NoData title={t('support.noEmail')} hint={t('support.unavailableHint')} />;
  } else {
    body = (
      <section className="support-card" aria-labelledby="email-title">
        <span className="support-art circle-44 tint-primary" aria-hidden="true">
          <MailOutline fontSize={24} />
        </span>
        <h2 id="email-title" className="support-title">
          {t('support.emailTitle')}
        </h2>
        <p className="support-text">{t('support.emailText')}</p>
        <div className="support-email-row">
          <a href={`mailto:${email}`} className="support-email" data-testid="complaint-email">
            <bdi>{email}</bdi>
          </a>
          <CopyButton text={email} what={t('support.emailWhat')} testId="copy-email" />
        </div>
        <a href={`mailto:${email}`} className="support-button">
          {t('support.write')}
        </a>
      </section>
    );
  }

  return (
    <Page name="email" title={t('route.email')} back="/user" bodyClassName="support-body">
      {body}
    </Page>
  );
}
