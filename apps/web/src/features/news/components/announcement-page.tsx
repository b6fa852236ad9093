import { useTranslation } from '../../../i18n/i18n.ts';
import { ANNOUNCEMENT_CATEGORY } from '@tradepad/contracts/content/constants';
import { Page } from '../../../shared/ui/page.tsx';
import { ArticleList } from './article-list.tsx';

/** /mine/announcement (spec §2): the broker's announcements, newest first. */
export default function AnnouncementPage() {
  const { t } = useTranslation();
  return (
    <Page name="announcement" title={t('route.announcement')} back="/user" bodyClassName="news-body">
      <ArticleList category={ANNOUNCEMENT_CATEGORY} detailPath="/mine/announcement/detail" />
    </Page>
  );
}
