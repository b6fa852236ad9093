import { useTranslation } from '../../../i18n/i18n.ts';
import { NEWS_CATEGORY } from '@tradepad/contracts/content/constants';
import { Page } from '../../../shared/ui/page.tsx';
import { ArticleList } from './article-list.tsx';

/** /news (spec §2): the news list, reached from the home header and from Me; it keeps its state like a tab. */
export default function NewsPage() {
  const { t } = useTranslation();
  return (
    <Page name="news" title={t('route.news')} back="/" withTabBar bodyClassName="news-body">
      <ArticleList category={NEWS_CATEGORY} detailPath="/news/detail" />
    </Page>
  );
}
