import { Box, Typography } from '@mui/material';
import { LANG_TAGS, RTL_LANGS, type Lang } from '@tradepad/contracts/languages';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { escapeHtml } from './news-text.ts';

/** The phone the preview stands for: the app's design width (DESIGN: 390 × 844). */
export const PHONE_WIDTH = 390;

/**
 * The app's article styles (apps/web news.css, light theme), so the preview reads as the trader will: the article
 * card on the page background, its title, date and body with the same measure, rhythm, quotes, lists and tables.
 */
const APP_ARTICLE_CSS = `
:root { --tp-primary:#1849d6; --tp-bg:#f3f5f9; --tp-surface:#fff; --tp-surface-2:#f7f8fb; --tp-text:#0f172a;
  --tp-text-2:#3f4b5f; --tp-text-3:#5b6678; --tp-border:#e2e7ee; }
html, body { margin:0; background:var(--tp-bg); color:var(--tp-text); font-family:system-ui, sans-serif;
  -webkit-text-size-adjust:100%; }
.bar { position:sticky; top:0; height:48px; display:flex; align-items:center; justify-content:center; font-weight:600;
  font-size:16px; background:var(--tp-surface); border-bottom:1px solid var(--tp-border); }
.news-body { padding:12px 12px 16px; }
.article { display:flex; flex-direction:column; padding:20px 18px 28px; border-radius:14px; background:var(--tp-surface); }
.article-heading { margin:0; font-size:21px; line-height:1.3; font-weight:700; overflow-wrap:anywhere; hyphens:auto; }
.article-meta { margin-top:6px; font-size:13px; color:var(--tp-text-3); }
.article-body { margin-top:14px; font-size:16px; line-height:1.7; color:var(--tp-text); overflow-wrap:break-word; hyphens:auto; }
.article-body > :first-child { margin-top:0; }
.article-body p { margin:0 0 14px; }
.article-body h2 { margin:24px 0 8px; font-size:18.5px; line-height:1.35; }
.article-body h3, .article-body h4 { margin:20px 0 6px; font-size:16.5px; line-height:1.4; }
.article-body ul, .article-body ol { margin:0 0 14px; padding-inline-start:22px; }
.article-body li + li { margin-top:6px; }
.article-body blockquote { margin:0 0 14px; padding:10px 14px; border-inline-start:3px solid var(--tp-primary);
  border-radius:4px; background:var(--tp-surface-2); color:var(--tp-text-2); }
.article-body a { color:var(--tp-primary); text-decoration:underline; text-underline-offset:2px; overflow-wrap:anywhere; }
.article-body hr { margin:20px 0; border:0; border-top:1px solid var(--tp-border); }
.article-body code { padding:1px 5px; border-radius:4px; background:var(--tp-surface-2); font-size:0.92em; }
.article-body pre { overflow-x:auto; padding:12px; border-radius:8px; background:var(--tp-surface-2); font-size:13.5px; }
.article-body table { display:block; max-width:100%; overflow-x:auto; margin:0 0 16px; border-collapse:collapse;
  font-size:14px; line-height:1.45; }
.article-body th, .article-body td { padding:8px 10px; border:1px solid var(--tp-border); text-align:start; vertical-align:top; min-width:88px; }
.article-body th { background:var(--tp-surface-2); font-weight:600; }
.empty { color:var(--tp-text-3); font-style:italic; }
`;

/**
 * The article at phone size, as the app shows it. It renders in a sandboxed frame (no scripts, its own opaque origin,
 * no navigation out), so whatever the HTML holds cannot touch the console; what it shows after a save is the copy the
 * server sanitised and stored.
 */
export function PhonePreview({
  lang,
  title,
  html,
  date,
  pageTitle,
}: {
  lang: Lang;
  title: string;
  html: string;
  date: string;
  pageTitle: string;
}) {
  const translate = useTranslate();
  const doc = useMemo(() => {
    const dir = RTL_LANGS.has(lang) ? 'rtl' : 'ltr';
    const body = html.trim() ? html : `<p class="empty">${escapeHtml(translate('tp.news.preview_empty'))}</p>`;
    return `<!doctype html><html lang="${LANG_TAGS[lang]}" dir="${dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${APP_ARTICLE_CSS}</style></head>
<body><div class="bar">${escapeHtml(pageTitle)}</div><main class="news-body"><article class="article">
<h2 class="article-heading">${escapeHtml(title || '—')}</h2><time class="article-meta">${escapeHtml(date)}</time>
<div class="article-body">${body}</div></article></main></body></html>`;
  }, [lang, title, html, date, pageTitle, translate]);
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('tp.news.preview', { width: PHONE_WIDTH })}
      </Typography>
      <Box
        sx={{
          width: PHONE_WIDTH + 20,
          p: '10px',
          borderRadius: '28px',
          bgcolor: '#1b2230',
          boxShadow: 3,
        }}
      >
        <Box
          component="iframe"
          title={translate('tp.news.preview', { width: PHONE_WIDTH })}
          sandbox=""
          srcDoc={doc}
          data-testid="news-preview"
          sx={{ display: 'block', width: PHONE_WIDTH, height: 640, border: 0, borderRadius: '18px', bgcolor: '#f3f5f9' }}
        />
      </Box>
    </Box>
  );
}
