import { useMemo } from 'react';
import { sanitizeArticle } from '../hooks/sanitize-article.ts';

/**
 * An article's body. SERVER-SANITISED: `news/info` returns HTML the server has passed through its allow-list
 * (DESIGN §7), and it is sanitised again here with the same list before it reaches the DOM, so nothing in an article
 * can run script (the page's CSP, script-src 'self', is a third line). This is the only place in the app that sets
 * inner HTML.
 */
export function ArticleHtml({ html, testId }: { html: string; testId?: string }) {
  const clean = useMemo(() => sanitizeArticle(html), [html]);
  return <div className="article-body" data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
