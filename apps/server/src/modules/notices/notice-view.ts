import {
  ADJUSTMENT_KINDS,
  COPY_SKIP_REASONS,
  FILL_TRIGGERS,
  LANG_TAGS,
  type Lang,
  type Notice,
  type NoticeKind,
} from '@tradepad/contracts';
import { translate } from '../../i18n/translate.ts';
import type { NoticeData } from '../../ports/notices.ts';
import type { NoticeRow } from './notices.repository.ts';

const text = (v: NoticeData[string] | undefined): string => (v === undefined || v === null ? '' : String(v));

/** The figures a notice's sentence carries (prices, money, lots, a margin level): written as the reader writes numbers. */
const FIGURES = new Set(['price', 'amount', 'profit', 'lots', 'level', 'rest', 'stop', 'stop_loss', 'take_profit']);
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A decimal figure in the reader's conventions, with the fraction digits it came with ("94862.13" is "94,862.13" in
 * English, "94.862,13" in German): the app shows every price and amount so, and the notice sits beside them. Latin
 * digits in every language, as the app's prices (DESIGN §9). Anything that is not a plain decimal is left as it is.
 */
export function noticeFigure(lang: Lang, value: string): string {
  const m = /^-?\d+(?:\.(\d+))?$/.exec(value);
  if (!m) return value;
  const digits = Math.min(m[1]?.length ?? 0, 10);
  const key = `${lang}:${digits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LANG_TAGS[lang], {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      numberingSystem: 'latn',
    });
    numberFormats.set(key, f);
  }
  return f.format(Number(value));
}

/** The app screen a notice opens. */
export function noticeLink(kind: NoticeKind, data: NoticeData): string {
  switch (kind) {
    case 'fill':
      // A pending order filled, or a stop limit's limit placed: the orders; a close: the history.
      return data.trigger === 'pending' || data.trigger === 'stop_limit' ? '/order' : '/mine/history';
    case 'margin_call':
    case 'stop_out':
      return '/order';
    case 'alert':
      return data.symbol ? `/trade?symbol=${encodeURIComponent(text(data.symbol))}` : '/trade';
    case 'deposit':
    case 'withdrawal':
    case 'adjustment':
      return '/mine/wallet';
    case 'desk_close':
      return '/mine/history';
    case 'kyc':
      return '/mine/auth';
    case 'account_type':
      return '/account-types';
    case 'copy_fill':
    case 'copy_skip':
    case 'copy_stop':
      // The strategy's page, where the follower's follow and its latest copies are.
      return data.strategy_id ? `/copy/${encodeURIComponent(text(data.strategy_id))}` : '/rank';
  }
}

/** A notice's title and body in `lang`, from its kind and figures. */
export function noticeText(lang: Lang, kind: NoticeKind, data: NoticeData): { title: string; body: string } {
  // In right-to-left text each figure (an amount, a symbol, a remark in Latin script) is a bidi isolate, so
  // "75.00 USD" and the remark after it keep their own order inside the Arabic sentence.
  const isolate = lang === 'ar' ? (v: string) => `\u2068${v}\u2069` : (v: string) => v;
  const p = Object.fromEntries(
    Object.entries(data).map(([k, v]) => [k, isolate(FIGURES.has(k) ? noticeFigure(lang, text(v)) : text(v))]),
  );
  switch (kind) {
    case 'fill': {
      const trigger = (FILL_TRIGGERS as readonly string[]).includes(p.trigger ?? '') ? p.trigger : 'pending';
      const side = translate(lang, data.side === 2 ? 'notice.sell' : 'notice.buy');
      const params = { ...p, side };
      const body =
        trigger === 'stop_limit'
          ? 'notice.fill_stop_limit.body'
          : trigger === 'pending'
            ? 'notice.fill_open.body'
            : 'notice.fill_close.body';
      return { title: translate(lang, `notice.fill_${trigger}.title`), body: translate(lang, body, params) };
    }
    case 'margin_call':
      return { title: translate(lang, 'notice.margin_call.title'), body: translate(lang, 'trade.margin_call', p) };
    case 'stop_out':
      return { title: translate(lang, 'notice.stop_out.title'), body: translate(lang, 'notice.stop_out.body', p) };
    case 'alert':
      return { title: translate(lang, 'notice.alert.title'), body: translate(lang, 'notice.alert.body', p) };
    case 'deposit':
      return data.approved
        ? { title: translate(lang, 'notice.deposit_ok.title'), body: translate(lang, 'notice.deposit_ok.body', p) }
        : { title: translate(lang, 'notice.deposit_no.title'), body: translate(lang, 'notice.deposit_no.body', p) };
    case 'withdrawal':
      return data.approved
        ? { title: translate(lang, 'notice.withdrawal_ok.title'), body: translate(lang, 'notice.withdrawal_ok.body', p) }
        : { title: translate(lang, 'notice.withdrawal_no.title'), body: translate(lang, 'notice.withdrawal_no.body', p) };
    case 'desk_close': {
      // What the desk did (issue 32): a whole close (no action), a partial close, or new stops.
      const action =
        data.action === 'partial_close' ? 'desk_partial_close' : data.action === 'stops' ? 'desk_stops' : 'desk_close';
      return { title: translate(lang, `notice.${action}.title`), body: translate(lang, `notice.${action}.body`, p) };
    }
    case 'adjustment': {
      // A debit is stored signed ("-50.00") and told as the amount taken.
      const debit = text(data.amount).startsWith('-');
      const amount = isolate(noticeFigure(lang, text(data.amount).replace(/^-/, '')));
      const kind = ADJUSTMENT_KINDS.find((k) => k === data.kind) ?? 'correction';
      const params = { ...p, amount, kind: translate(lang, `notice.adjustment_kind.${kind}`) };
      const which = debit ? 'adjustment_debit' : 'adjustment_credit';
      return { title: translate(lang, `notice.${which}.title`), body: translate(lang, `notice.${which}.body`, params) };
    }
    case 'kyc':
      // Staff asking for more, and the reminders before the document expires (issue 32), are real-name notices too.
      if (data.more) return { title: translate(lang, 'notice.kyc_more.title'), body: translate(lang, 'notice.kyc_more.body', p) };
      if (data.expiry_days)
        return { title: translate(lang, 'notice.kyc_expiry.title'), body: translate(lang, 'notice.kyc_expiry.body', p) };
      return data.approved
        ? { title: translate(lang, 'notice.kyc_ok.title'), body: translate(lang, 'notice.kyc_ok.body', p) }
        : { title: translate(lang, 'notice.kyc_no.title'), body: translate(lang, 'notice.kyc_no.body', p) };
    case 'account_type':
      return { title: translate(lang, 'notice.account_type.title'), body: translate(lang, 'notice.account_type.body', p) };
    case 'copy_fill':
    case 'copy_skip': {
      // A provider's trade copied to the follower's copy account, or not (with the reason in words).
      const side = translate(lang, data.side === 2 ? 'notice.sell' : 'notice.buy');
      const reason = COPY_SKIP_REASONS.find((r) => r === data.reason);
      const params = { ...p, side, reason: reason ? translate(lang, `copy.skip.${reason}`) : '' };
      return { title: translate(lang, `notice.${kind}.title`), body: translate(lang, `notice.${kind}.body`, params) };
    }
    case 'copy_stop':
      return { title: translate(lang, 'notice.copy_stop.title'), body: translate(lang, 'notice.copy_stop.body', p) };
  }
}

/** A stored notice as the centre lists it, in `lang`. */
export function noticeView(row: NoticeRow, lang: Lang): Notice {
  const kind = row.kind as NoticeKind;
  const data = JSON.parse(row.data_json) as NoticeData;
  return {
    id: Number(row.id),
    kind,
    ...noticeText(lang, kind, data),
    link: noticeLink(kind, data),
    data,
    read: row.read_at !== null,
    created_at: Number(row.created_at),
  };
}
