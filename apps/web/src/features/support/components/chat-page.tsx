import { useTranslation } from '../../../i18n/i18n.ts';
import { Link } from '../../../shared/router/router.tsx';
import { useBasicInfo } from '../../../shared/api/basic-info.api.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { serviceLinkMode } from '../hooks/service-link.ts';
import { SupportCard } from './support-card.tsx';
import { SupportChat } from './support-chat.tsx';
import './support.css';

/**
 * /mine/chat (spec §2): customer support. The staff's service link shows in an embedded frame when it may be framed
 * (type 1, https); otherwise a card opens it outside the app; without a link, the built-in chat with the broker's staff
 * (support-chat.tsx), the company email one tap away.
 */
export default function ChatPage() {
  const { t } = useTranslation();
  const basic = useBasicInfo();
  const link = basic.data?.service_link ?? '';
  const mode = basic.data ? serviceLinkMode(link, basic.data.service_link_type) : null;

  let body;
  if (mode === null) {
    body = basic.isError ? (
      <SupportCard title={t('support.unavailable')} text={t('support.unavailableHint')} testId="chat-unavailable">
        <Link to="/mine/email" className="support-button is-secondary">
          {t('route.email')}
        </Link>
      </SupportCard>
    ) : (
      <div className="page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    );
  } else if (mode === 'frame') {
    body = (
      <iframe
        className="support-frame"
        src={link.trim()}
        title={t('support.frameTitle')}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        referrerPolicy="strict-origin-when-cross-origin"
        allow="clipboard-write"
        data-testid="chat-frame"
      />
    );
  } else if (mode === 'outside') {
    body = (
      <SupportCard title={t('support.outsideTitle')} text={t('support.outsideText')} testId="chat-outside">
        <a href={link.trim()} target="_blank" rel="noopener noreferrer" className="support-button" data-testid="chat-open">
          {t('support.open')}
        </a>
      </SupportCard>
    );
  } else {
    // No service link: the built-in chat with the broker's staff (issue 21 point 4).
    body = <SupportChat />;
  }

  return (
    <Page
      name="chat"
      title={t('route.chat')}
      back="/user"
      bodyClassName={mode === 'frame' ? 'support-frame-body' : mode === 'none' ? 'support-chat-body' : 'support-body'}
    >
      {body}
    </Page>
  );
}
