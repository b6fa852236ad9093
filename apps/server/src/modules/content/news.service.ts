import {
  LEGAL_CATEGORY,
  LEGAL_PAGES,
  type AdminArticle,
  type ArticleParams,
  type Lang,
  type LegalPage,
  type LegalPageKey,
  type NewsDetail,
  type NewsItem,
  type NewsCategory,
} from '@tradepad/contracts';
import type { Tx } from '../../db/database.ts';
import { refuse } from '../../core/errors.ts';
import { DAY_MS, timeText } from '../../core/time.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { Actor } from '../audit/staff-guard.ts';
import { sanitizeArticle, summaryText, textOnly } from './html.ts';
import type { NewsRepository, NewsRow, NewsState } from './news.repository.ts';
import type { SeedArticle } from './news.seed-data.ts';

type ArticleText = { title: string; desc: string; content: string };
type Texts = Partial<Record<Lang, ArticleText>>;

/** The language an article is shown in: the reader's, else English, else Hong Kong Chinese, else any it has. */
function textFor(texts: Texts, lang: Lang): ArticleText {
  return texts[lang] ?? texts.en ?? texts.hk ?? Object.values(texts)[0] ?? { title: '', desc: '', content: '' };
}

/** Sanitises every language's HTML and fills a missing description from the content. */
function cleanTexts(texts: Texts): Texts {
  const out: Texts = {};
  for (const [lang, t] of Object.entries(texts) as Array<[Lang, ArticleText]>) {
    const content = sanitizeArticle(t.content);
    out[lang] = { title: textOnly(t.title), desc: textOnly(t.desc) || summaryText(content).slice(0, 160), content };
  }
  return out;
}

/** How far in the past a `publish_at` may lie (clock skew between the console and the server): it then means now. */
const PUBLISH_SKEW_MS = 5 * 60_000;
/** How far ahead an article may be scheduled. */
const PUBLISH_AHEAD_MS = 366 * DAY_MS;

/**
 * News and announcements: read by everyone, written by staff through the back office (sanitised on save). Traders
 * see an article while it is published and its `publish_at` has come; a scheduled one simply appears then.
 */
export class NewsService {
  constructor(private readonly d: { repo: NewsRepository; audit: AuditRepository; clock: Clock }) {}

  async list(lang: Lang, category: NewsCategory, page: number, limit: number): Promise<{ data: NewsItem[]; total: number }> {
    const { rows, total } = await this.d.repo.visiblePage(category, this.d.clock.now(), page, limit);
    return { data: rows.map((r) => item(r, lang)), total };
  }

  async info(lang: Lang, id: number): Promise<NewsDetail> {
    const row = await this.d.repo.visible(id, this.d.clock.now());
    if (!row) throw refuse('err.news_unknown');
    return { ...item(row, lang), content: textFor(parse(row), lang).content };
  }

  /**
   * A sign-up document (issue 21): the seeded article `legal-<key>` of the legal category, as content staff last
   * published it; its version is when it was last changed.
   */
  async legalPage(lang: Lang, key: LegalPageKey): Promise<LegalPage> {
    const [row] = await this.d.repo.visibleBySeedKeys([`legal-${key}`], LEGAL_CATEGORY, this.d.clock.now());
    if (!row) throw refuse('err.news_unknown');
    const t = textFor(parse(row), lang);
    return { key, id: row.id, title: textOnly(t.title), content: t.content, version: new Date(row.updated_at).toISOString() };
  }

  /** Each sign-up document's article id and version now (what a sign-up records it accepted); null when unpublished. */
  async legalVersions(): Promise<Record<LegalPageKey, { id: number; version: number } | null>> {
    const rows = await this.d.repo.visibleBySeedKeys(
      LEGAL_PAGES.map((k) => `legal-${k}`),
      LEGAL_CATEGORY,
      this.d.clock.now(),
    );
    const of = (k: LegalPageKey) => {
      const row = rows.find((r) => r.seed_key === `legal-${k}`);
      return row ? { id: row.id, version: row.updated_at } : null;
    };
    return { terms: of('terms'), privacy: of('privacy'), risk: of('risk') };
  }

  /** Staff: every article, drafts and scheduled ones too, with all its languages. */
  async adminList(f: { category?: number; status?: NewsState }, page: number, limit: number) {
    const now = this.d.clock.now();
    const { rows, total } = await this.d.repo.adminPage({ category: f.category, state: f.status, now }, page, limit);
    return { data: rows.map((r) => adminView(r, now)), total };
  }

  /** Staff: one article, whatever its state. */
  async adminGet(id: number) {
    const row = await this.d.repo.get(id);
    if (!row) throw refuse('err.news_unknown');
    return adminView(row, this.d.clock.now());
  }

  /**
   * Adds (`id` undefined) or edits an article. Its state changes only when `published` is given: true publishes it
   * now (unless it already is), false takes it back to draft.
   */
  async save(actor: Actor, id: number | undefined, p: ArticleParams) {
    const texts = cleanTexts(p.text);
    // A title that was nothing but markup is no title.
    if (Object.values(texts).some((t) => !t.title)) throw refuse('err.title_required');
    return this.d.repo.inTransaction(async (repo, tx) => {
      const at = this.d.clock.now();
      const before = id === undefined ? undefined : await repo.get(id);
      if (id !== undefined && !before) throw refuse('err.news_unknown');
      const fields = {
        category_id: p.category_id,
        logo: p.logo,
        text_json: JSON.stringify(texts),
        updated_at: at,
        ...stateFields(before, p.published, at),
      };
      let savedId: number;
      if (id === undefined)
        savedId = await repo.insert({ published: 0, publish_at: null, ...fields, seed_key: null, created_at: at });
      else if (await repo.update(id, fields)) savedId = id;
      else throw refuse('err.news_unknown');
      const after = (await repo.get(savedId))!;
      await this.audit(actor, before ? 'news.update' : 'news.create', savedId, before, after, at, tx);
      return adminView(after, at);
    });
  }

  /** Publishes now, or from a later `publishAt` (scheduled). Publishing a published article moves its time. */
  async publish(actor: Actor, id: number, publishAt: number | undefined) {
    const at = this.d.clock.now();
    if (publishAt !== undefined && (publishAt < at - PUBLISH_SKEW_MS || publishAt > at + PUBLISH_AHEAD_MS))
      throw refuse('err.publish_at_invalid');
    const when = publishAt === undefined || publishAt < at ? at : publishAt;
    return this.changeState(actor, id, 'news.publish', { published: 1, publish_at: when, updated_at: at }, at);
  }

  /** Takes an article back to draft (published or scheduled alike). */
  unpublish(actor: Actor, id: number) {
    const at = this.d.clock.now();
    return this.changeState(actor, id, 'news.unpublish', { published: 0, publish_at: null, updated_at: at }, at);
  }

  /** Deletes an article for good; the audit record keeps its last copy. */
  async delete(actor: Actor, id: number): Promise<null> {
    await this.d.repo.inTransaction(async (repo, tx) => {
      const at = this.d.clock.now();
      const before = await repo.get(id);
      if (!before || !(await repo.delete(id))) throw refuse('err.news_unknown');
      await this.audit(actor, 'news.delete', id, before, undefined, at, tx);
    });
    return null;
  }

  private changeState(
    actor: Actor,
    id: number,
    action: string,
    fields: { published: number; publish_at: number | null; updated_at: number },
    at: number,
  ) {
    return this.d.repo.inTransaction(async (repo, tx) => {
      const before = await repo.get(id);
      if (!before || !(await repo.update(id, fields))) throw refuse('err.news_unknown');
      const after = (await repo.get(id))!;
      await this.audit(actor, action, id, before, after, at, tx);
      return adminView(after, at);
    });
  }

  private audit(
    actor: Actor,
    action: string,
    id: number,
    before: NewsRow | undefined,
    after: NewsRow | undefined,
    at: number,
    tx: Tx,
  ) {
    return this.d.audit.record(
      {
        staffId: actor.staffId,
        action,
        targetType: 'news',
        targetId: String(id),
        before: before && adminView(before, at),
        after: after && adminView(after, at),
        ip: actor.ip,
        peer: actor.peer,
        at,
      },
      tx,
    );
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
        publish_at: at,
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
    // When traders first saw it: its publication (a scheduled article is dated when it appeared).
    created_at: timeText(row.publish_at ?? row.created_at),
  };
}

/** What a row is now: a draft, scheduled (published, its time still ahead) or published. */
export function stateOf(row: Pick<NewsRow, 'published' | 'publish_at'>, now: number): NewsState {
  if (row.published !== 1) return 'draft';
  return row.publish_at !== null && row.publish_at > now ? 'scheduled' : 'published';
}

/** The state columns a save writes: none unless `published` is given; publishing keeps an earlier publication time. */
function stateFields(before: NewsRow | undefined, published: boolean | undefined, at: number) {
  if (published === undefined) return {};
  if (!published) return { published: 0, publish_at: null };
  if (before?.published === 1 && before.publish_at !== null) return {};
  return { published: 1, publish_at: at };
}

const adminView = (row: NewsRow, now: number): AdminArticle => ({
  id: row.id,
  category_id: row.category_id,
  logo: row.logo,
  published: row.published === 1,
  status: stateOf(row, now),
  publish_at: row.publish_at === null ? null : Number(row.publish_at),
  text: parse(row),
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
});
