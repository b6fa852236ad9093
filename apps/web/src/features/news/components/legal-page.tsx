import { LEGAL_PAGES, type LegalPageKey } from '@tradepad/contracts/content/constants';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useParams } from '../../../shared/router/router.tsx';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useLegalPage } from '../api/legal-page.api.ts';
import { ArticleHtml } from './article-html.tsx';
import '../../../shared/market/market.css';
import './news.css';

const keyOf = (value: string | undefined): LegalPageKey | null =>
  (LEGAL_PAGES as readonly string[]).includes(value ?? '') ? (value as LegalPageKey) : null;

/**
 * /legal/:key — the terms of service, privacy policy or risk disclosure (issue 21), as content staff last published
 * them. Opened from the sign-up form's consent; the back arrow returns to the form as it was left.
 */
export default function LegalPageScreen() {
  const { t } = useTranslation();
  const key = keyOf(useParams().key);
  const page = useLegalPage(key);

  let body;
  if (key === null || (page.isError && !page.data)) {
    body = (
      <NoData
        title={t('news.notFound')}
        hint={t('news.notFoundHint')}
        action={
          key !== null ? (
            <button type="button" className="no-data-action" onClick={() => void page.refetch()}>
              {t('common.reload')}
            </button>
          ) : undefined
        }
      />
    );
  } else if (!page.data) {
    body = (
      <div className="article" aria-busy="true" data-testid="article-skeleton">
        <span className="sk" style={{ width: '70%', height: 24 }} />
        {Array.from({ length: 6 }, (_, i) => (
          <span key={i} className="sk" style={{ width: i % 3 === 2 ? '60%' : '100%', height: 14, marginTop: 14 }} />
        ))}
      </div>
    );
  } else {
    body = (
      <article className="article" aria-labelledby="legal-title" data-testid="legal-page">
        <h2 id="legal-title" className="article-heading">
          {page.data.title}
        </h2>
        <ArticleHtml html={page.data.content} testId="legal-body" />
      </article>
    );
  }

  return (
    <Page name="legal" title={key ? t(`register.${key}Link`) : ''} back="/register" bodyClassName="news-body">
      {body}
    </Page>
  );
}
