import type { ArticleParams, Lang, NewsDetail, NewsItem, NewsCategory } from '@tradepad/contracts';
import { refuse } from '../../core/errors.ts';
import { timeText } from '../../core/time.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { Actor } from '../audit/staff-guard.ts';
import { sanitizeArticle, textOnly } from './html.ts';
import type { NewsRepository, NewsRow } from './news.repository.ts';
import type { SeedArticle } from './news.seed-data.ts';

type ArticleText = { title: string; desc: string; content: string };
type Texts = Partial<Record<Lang, ArticleText>>;

const DAY_MS = 86_400_000;

/** The language an article is shown in: the reader's, else English, else Hong Kong Chinese, else any it has. */
function textFor(texts: Texts, lang: Lang): ArticleText {
  return texts[lang] ?? texts.en ?? texts.hk ?? Object.values(texts)[0] ?? { title: '', desc: '', content: '' };
}

/** Sanitises every language's HTML and fills a missing description from the content. */
function cleanTexts(texts: Texts): Texts {
  const out: Texts = {};
  for (const [lang, t] of Object.entries(texts) as Array<[Lang, ArticleText]>) {
    const content = sanitizeArticle(t.content);
    out[lang] = { title: textOnly(t.title), desc: textOnly(t.desc) || textOnly(content).slice(0, 160), content };
  }
  return out;
}

/** News and announcements: read by everyone, written by staff through the back office (sanitised on save). */
export class NewsService {
  constructor(private readonly d: { repo: NewsRepository; audit: AuditRepository; clock: Clock }) {}

  async list(lang: Lang, category: NewsCategory, page: number, limit: number): Promise<{ data: NewsItem[]; total: number }> {
    const { rows, total } = await this.d.repo.page(category, true, page, limit);
    return { data: rows.map((r) => item(r, lang)), total };
  }

  async info(lang: Lang, id: number): Promise<NewsDetail> {
    const row = await this.d.repo.get(id);
    if (!row || !row.published) throw refuse('err.news_unknown');
    return { ...item(row, lang), content: textFor(parse(row), lang).content };
  }

  /** Staff: every article, drafts too, with all its languages. */
  async adminList(category: NewsCategory, page: number, limit: number) {
    const { rows, total } = await this.d.repo.page(category, false, page, limit);
    return { data: rows.map(adminView), total };
  }

  async save(actor: Actor, id: number | undefined, p: ArticleParams) {
    const at = this.d.clock.now();
    const before = id === undefined ? undefined : await this.d.repo.get(id);
    if (id !== undefined && !before) throw refuse('err.news_unknown');
    const texts = cleanTexts(p.text);
    // A title that was nothing but markup is no title.
    if (Object.values(texts).some((t) => !t.title)) throw refuse('err.title_required');
    const fields = {
      category_id: p.category_id,
      logo: p.logo,
      text_json: JSON.stringify(texts),
      published: p.published ? 1 : 0,
      updated_at: at,
    };
    const savedId =
      id === undefined
        ? await this.d.repo.insert({ ...fields, seed_key: null, created_at: at })
        : (await this.d.repo.update(id, fields), id);
    const after = (await this.d.repo.get(savedId))!;
    await this.d.audit.record({
      staffId: actor.staffId,
      action: before ? 'news.update' : 'news.create',
      targetType: 'news',
      targetId: String(savedId),
      before: before && adminView(before),
      after: adminView(after),
      ip: actor.ip,
      peer: actor.peer,
      at,
    });
    return adminView(after);
  }

  /** Seeds the articles not seeded yet, dated `daysAgo` before now. */
  async seed(articles: readonly SeedArticle[]): Promise<void> {
    const done = await this.d.repo.seeded();
    const now = this.d.clock.now();
    for (const a of articles) {
      if (done.has(a.key)) continue;
      const at = now - a.daysAgo * DAY_MS;
      await this.d.repo.insert({
        category_id: a.category,
        logo: a.logo,
        text_json: JSON.stringify(cleanTexts(a.text)),
        published: 1,
        seed_key: a.key,
        created_at: at,
        updated_at: at,
      });
    }
  }
}

const parse = (row: NewsRow): Texts => JSON.parse(row.text_json) as Texts;

function item(row: NewsRow, lang: Lang): NewsItem {
  const t = textFor(parse(row), lang);
  return {
    id: row.id,
    category_id: row.category_id as NewsCategory,
    // Plain text however it was stored (rows saved before titles were made text are cleaned on the way out).
    title: textOnly(t.title),
    desc: textOnly(t.desc),
    logo: row.logo,
    created_at: timeText(row.created_at),
  };
}

const adminView = (row: NewsRow) => ({
  id: row.id,
  category_id: row.category_id,
  logo: row.logo,
  published: row.published === 1,
  text: parse(row),
  created_at: row.created_at,
  updated_at: row.updated_at,
});
