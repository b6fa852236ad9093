import { useTranslation } from '../../../i18n/i18n.ts';
import { Link } from '../../../shared/router/router.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { SupportCard } from './support-card.tsx';
import './support.css';

/** /feedback (spec §2): a stub with a back arrow that points to the ways to reach the team today. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  return (
    <Page name="feedback" title={t('route.feedback')} back="/user" bodyClassName="support-body">
      <SupportCard title={t('support.feedbackTitle')} text={t('support.feedbackText')} testId="feedback">
        <div className="support-actions">
          <Link to="/mine/chat" className="support-button" data-testid="feedback-chat">
            {t('route.chat')}
          </Link>
          <Link to="/mine/email" className="support-button is-secondary" data-testid="feedback-email">
            {t('route.email')}
          </Link>
        </div>
      </SupportCard>
    </Page>
  );
}
