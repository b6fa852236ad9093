import { createRequire } from 'node:module';
import type PDFKitModule from 'pdfkit';
import type { Lang } from '@tradepad/contracts';
import { zonedTimeText } from '@tradepad/domain';
import type { MessageKey } from '../../i18n/messages.en.ts';
import { translate } from '../../i18n/translate.ts';
import { isolateLtr, visualRuns } from './pdf-text.ts';
import { fontBytes, type FontFace, type Weight } from './statement-fonts.ts';
import { FUNDS_KIND_KEY, fundsMemo, money2, tradeTexts, type Statement } from './statements.service.ts';

/**
 * The statement as a PDF (pdfkit): A4 landscape, the broker, account, period and time zone at the top, the closed
 * trades and the cash movements as tables continued across pages (headings repeated), the totals, and "page n of N"
 * on every page. Text in the trader's language with the Noto fonts it needs (statement-fonts.ts), embedded as
 * subsets; Arabic laid out right to left (columns mirrored, bidi reordering in pdf-text.ts).
 */

const PAGE_W = 841.89;
const PAGE_H = 595.28;
const M = 32;
const CONTENT_W = PAGE_W - 2 * M;
const FOOTER_Y = PAGE_H - M + 8;
const BOTTOM = PAGE_H - M - 14;

const H = { header: 98, section: 24, thead: 17, row: 13.5, note: 18, total: 15, gap: 10 } as const;

type Align = 'start' | 'end';
interface Column {
  key: MessageKey;
  weight: number;
  align: Align;
}

const TRADE_COLUMNS: Column[] = [
  { key: 'statement.col_ref', weight: 6, align: 'start' },
  { key: 'statement.col_open_time', weight: 10.5, align: 'start' },
  { key: 'statement.col_close_time', weight: 10.5, align: 'start' },
  { key: 'statement.col_symbol', weight: 8, align: 'start' },
  { key: 'statement.col_side', weight: 6, align: 'start' },
  { key: 'statement.col_lots', weight: 5, align: 'end' },
  { key: 'statement.col_open_price', weight: 8.5, align: 'end' },
  { key: 'statement.col_close_price', weight: 8.5, align: 'end' },
  { key: 'statement.col_profit', weight: 8, align: 'end' },
  { key: 'statement.col_fee', weight: 7, align: 'end' },
  { key: 'statement.col_commission', weight: 7, align: 'end' },
  { key: 'statement.col_swap', weight: 7, align: 'end' },
  { key: 'statement.col_net', weight: 8, align: 'end' },
];
const FUNDS_COLUMNS: Column[] = [
  { key: 'statement.col_ref', weight: 6, align: 'start' },
  { key: 'statement.col_time', weight: 12, align: 'start' },
  { key: 'statement.col_type', weight: 10, align: 'start' },
  { key: 'statement.col_description', weight: 42, align: 'start' },
  { key: 'statement.col_fee', weight: 10, align: 'end' },
  { key: 'statement.col_amount', weight: 12, align: 'end' },
];

type Item =
  | { kind: 'header' }
  | { kind: 'section'; title: MessageKey; keep: number }
  | { kind: 'thead'; columns: Column[] }
  | { kind: 'row'; columns: Column[]; cells: string[]; shade: boolean }
  | { kind: 'note'; text: MessageKey }
  | { kind: 'total'; label: string; value: string; strong: boolean }
  | { kind: 'gap' };

const heightOf = (i: Item): number => H[i.kind];

/**
 * Lays the items out on pages: a table row that does not fit starts a new page with the table's headings again; a
 * section heading never ends a page without a row after it. Pure, so the number of pages is known before drawing.
 */
export function paginate(items: readonly Item[]): Item[][] {
  const pages: Item[][] = [[]];
  let y = M;
  let columns: Column[] | undefined;
  const newPage = () => {
    pages.push([]);
    y = M;
  };
  items.forEach((item) => {
    let need = heightOf(item);
    // A heading stays with what follows it: a table's headings and first row, or the whole totals block.
    if (item.kind === 'section') need += item.keep;
    if (item.kind === 'thead') columns = item.columns;
    if (item.kind === 'section' || item.kind === 'note' || item.kind === 'gap') columns = undefined;
    if (y + need > BOTTOM && pages[pages.length - 1]!.length > 0) {
      if (item.kind === 'gap') return;
      newPage();
      if (item.kind === 'row' && columns) {
        pages[pages.length - 1]!.push({ kind: 'thead', columns });
        y += H.thead;
      }
    }
    pages[pages.length - 1]!.push(item);
    y += heightOf(item);
  });
  return pages;
}

/** The statement's items in reading order (the trades, the cash movements, the totals). */
function itemsOf(s: Statement, lang: Lang): Item[] {
  const t = (key: MessageKey, p?: Record<string, string | number>) => translate(lang, key, p);
  const time = (ms: number) => zonedTimeText(ms, s.tz);
  const tableStart = H.thead + H.row;
  const items: Item[] = [{ kind: 'header' }, { kind: 'section', title: 'statement.trades', keep: tableStart }];
  if (s.trades.length === 0) items.push({ kind: 'note', text: 'statement.no_trades' });
  else items.push({ kind: 'thead', columns: TRADE_COLUMNS });
  s.trades.forEach((r, i) => {
    const x = tradeTexts(r);
    items.push({
      kind: 'row',
      columns: TRADE_COLUMNS,
      shade: i % 2 === 1,
      cells: [
        r.parent_id ? `${r.id} (#${r.parent_id})` : String(r.id),
        time(r.opened_at),
        time(r.closed_at),
        r.code,
        t(r.side === 2 ? 'statement.sell' : 'statement.buy'),
        x.lots,
        x.openPrice,
        x.closePrice,
        x.profit,
        x.fee,
        x.commission,
        x.swap,
        x.net,
      ],
    });
  });
  items.push({ kind: 'gap' }, { kind: 'section', title: 'statement.funds', keep: tableStart });
  if (s.funds.length === 0) items.push({ kind: 'note', text: 'statement.no_funds' });
  else items.push({ kind: 'thead', columns: FUNDS_COLUMNS });
  s.funds.forEach((f, i) => {
    items.push({
      kind: 'row',
      columns: FUNDS_COLUMNS,
      shade: i % 2 === 1,
      cells: [
        String(f.id),
        time(f.created_at),
        t(FUNDS_KIND_KEY[f.kind]),
        fundsMemo(lang, f),
        f.fee === 0n ? '' : money2(f.fee),
        money2(f.amount),
      ],
    });
  });
  const k = s.totals;
  items.push(
    { kind: 'gap' },
    { kind: 'section', title: 'statement.totals', keep: 10 * H.total },
    { kind: 'total', label: t('statement.trades'), value: String(k.trades), strong: false },
    { kind: 'total', label: t('statement.total_profit'), value: money2(k.profit), strong: false },
    { kind: 'total', label: t('statement.total_fees'), value: money2(k.fees), strong: false },
    { kind: 'total', label: t('statement.total_commissions'), value: money2(k.commissions), strong: false },
    { kind: 'total', label: t('statement.col_swap'), value: money2(k.swap), strong: false },
    { kind: 'total', label: t('statement.total_net'), value: money2(k.net), strong: true },
    { kind: 'total', label: t('statement.total_deposits'), value: money2(k.deposits), strong: false },
    { kind: 'total', label: t('statement.total_withdrawals'), value: money2(k.withdrawals), strong: false },
    { kind: 'total', label: t('statement.total_withdrawal_fees'), value: money2(k.withdrawalFees), strong: false },
    { kind: 'total', label: t('statement.total_adjustments'), value: money2(k.adjustments), strong: false },
    { kind: 'total', label: t('statement.total_credit'), value: money2(k.credit), strong: false },
  );
  return items;
}

/** Column boxes `[x, width]` across the content width, mirrored for a right-to-left document. */
function boxes(columns: readonly Column[], rtl: boolean): Array<[number, number]> {
  const sum = columns.reduce((s, c) => s + c.weight, 0);
  let x = M;
  return columns.map((c) => {
    const w = (c.weight / sum) * CONTENT_W;
    const box: [number, number] = [rtl ? PAGE_W - x - w : x, w];
    x += w;
    return box;
  });
}

/**
 * Writes the statement into a new PDF document and answers it as a stream (the caller pipes it to the reply). Pages
 * are drawn one at a time, yielding between them, so a long statement streams out instead of waiting in memory.
 */
let PdfDocument: typeof PDFKitModule | undefined;

/** pdfkit is loaded with the first statement asked for as a PDF (about 0.1 s), not at every server start. */
function pdfDocumentClass(): typeof PDFKitModule {
  PdfDocument ??= createRequire(import.meta.url)('pdfkit') as typeof PDFKitModule;
  return PdfDocument;
}

export function statementPdf(s: Statement, lang: Lang): { doc: PDFKit.PDFDocument; done: Promise<void> } {
  const rtl = lang === 'ar';
  const PDFDocument = pdfDocumentClass();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    autoFirstPage: false,
    lang,
    displayTitle: true,
    info: {
      Title: `${translate(lang, 'statement.title')} ${s.from} – ${s.to}`,
      Author: s.broker,
      Creator: s.broker,
      CreationDate: new Date(s.generatedAt),
    },
  });
  const registered = new Set<string>();
  const useFont = (face: FontFace, weight: Weight, size: number) => {
    const name = `${face}-${weight}`;
    if (!registered.has(name)) {
      doc.registerFont(name, fontBytes(face, weight));
      registered.add(name);
    }
    doc.font(name).fontSize(size);
  };

  /** The current font's ascender, in thousandths of the font size (pdfkit keeps it on the font, untyped). */
  const ascender = (): number => (doc as unknown as { _font: { ascender: number } })._font.ascender;

  /** One line of text in a box, aligned to its start (left, or right in Arabic) or end; shrunk to fit if need be. */
  const draw = (text: string, x: number, y: number, w: number, align: Align, size: number, weight: Weight = 'regular') => {
    const runs = visualRuns(text, lang);
    const widthAt = (sz: number) =>
      runs.reduce((sum, r) => {
        useFont(r.face, weight, sz);
        return sum + doc.widthOfString(r.text);
      }, 0);
    let sz = size;
    let width = widthAt(sz);
    if (width > w - 4 && width > 0) {
      sz = Math.max(4, (sz * (w - 4)) / width);
      width = widthAt(sz);
    }
    const left = (align === 'start') !== rtl;
    let cx = left ? x + 2 : x + w - 2 - width;
    // pdfkit places text by the top of its line box: each font's own ascender moved to one shared baseline.
    useFont('latin', weight, sz);
    const baseline = y + ascender() * (sz / 1000);
    for (const r of runs) {
      useFont(r.face, weight, sz);
      doc.text(r.text, cx, baseline - ascender() * (sz / 1000), { lineBreak: false });
      cx += doc.widthOfString(r.text);
    }
  };

  const t = (key: MessageKey, p?: Record<string, string | number>) => translate(lang, key, p);
  const pages = paginate(itemsOf(s, lang));
  const total = pages.length;

  const drawItem = (item: Item, y: number) => {
    switch (item.kind) {
      case 'header': {
        draw(s.broker, M, y, CONTENT_W, 'start', 16, 'bold');
        draw(t('statement.title'), M, y + 22, CONTENT_W, 'start', 12, 'bold');
        const lines = [
          `${t('statement.account')}: ${isolateLtr(s.account)}`,
          `${t('statement.period')}: ${isolateLtr(`${s.from} – ${s.to}`)}`,
          `${t('statement.time_zone')}: ${isolateLtr(s.tz)}`,
          t('statement.currency'),
          t('statement.generated', { time: isolateLtr(zonedTimeText(s.generatedAt, s.tz)) }),
        ];
        lines.forEach((l, i) => draw(l, M, y + 40 + i * 10.5, CONTENT_W, 'start', 8.5));
        break;
      }
      case 'section':
        draw(t(item.title), M, y + 6, CONTENT_W, 'start', 11, 'bold');
        doc
          .moveTo(M, y + 21)
          .lineTo(PAGE_W - M, y + 21)
          .lineWidth(0.6)
          .strokeColor('#3b4a5a')
          .stroke();
        break;
      case 'thead':
        doc.rect(M, y, CONTENT_W, H.thead - 2).fill('#e8edf2');
        doc.fillColor('#1d2733');
        boxes(item.columns, rtl).forEach(([x, w], i) =>
          draw(t(item.columns[i]!.key), x, y + 3, w, item.columns[i]!.align, 7.5, 'bold'),
        );
        break;
      case 'row':
        if (item.shade) doc.rect(M, y - 1.5, CONTENT_W, H.row).fill('#f6f8fa');
        doc.fillColor('#111111');
        boxes(item.columns, rtl).forEach(([x, w], i) => draw(item.cells[i] ?? '', x, y + 1, w, item.columns[i]!.align, 7.5));
        break;
      case 'note':
        doc.fillColor('#5b6673');
        draw(t(item.text), M, y + 4, CONTENT_W, 'start', 8.5);
        doc.fillColor('#111111');
        break;
      case 'total': {
        const w = 300;
        const x = rtl ? PAGE_W - M - w : M;
        doc.fillColor('#111111');
        draw(item.label, rtl ? x + w * 0.35 : x, y + 2, w * 0.65, 'start', 9, item.strong ? 'bold' : 'regular');
        draw(item.value, rtl ? x : x + w * 0.65, y + 2, w * 0.35, 'end', 9, item.strong ? 'bold' : 'regular');
        break;
      }
      case 'gap':
        break;
    }
  };

  const done = (async () => {
    for (const [n, items] of pages.entries()) {
      doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
      doc.fillColor('#111111');
      let y = M;
      for (const item of items) {
        drawItem(item, y);
        y += heightOf(item);
      }
      doc.fillColor('#5b6673');
      draw(s.broker, rtl ? M + CONTENT_W / 2 : M, FOOTER_Y, CONTENT_W / 2, 'start', 7);
      const pageText = t('statement.page', { page: n + 1, pages: total });
      draw(pageText, rtl ? M : M + CONTENT_W / 2, FOOTER_Y, CONTENT_W / 2, 'end', 7);
      // Let the pages written so far flow out before the next one.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (doc.destroyed) return;
    }
    doc.end();
  })();
  return { doc, done };
}
