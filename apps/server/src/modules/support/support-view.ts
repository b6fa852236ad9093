import type { SupportMessage } from '@tradepad/contracts';
import type { SupportMessageRow } from './support.repository.ts';

/** How much of the last message the inbox shows. */
export const PREVIEW_CHARS = 200;

/** The start of a message for the inbox: at most PREVIEW_CHARS characters, never cutting a character in two. */
export function previewOf(text: string): string {
  if (text.length <= PREVIEW_CHARS) return text;
  const cut = text.slice(0, PREVIEW_CHARS);
  // A high surrogate left alone at the end would be half of an emoji.
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** A message as both sides list it; the image as a fresh signed link. */
export function supportMessageView(row: SupportMessageRow, signedUrl: (name: string) => string): SupportMessage {
  const m: SupportMessage = {
    id: Number(row.id),
    user_id: Number(row.user_id),
    from: row.from_staff ? 'staff' : 'user',
    text: row.text,
    created_at: Number(row.created_at),
  };
  if (row.image_name) m.image = signedUrl(row.image_name);
  if (row.from_staff && row.staff_name) m.staff_name = row.staff_name;
  return m;
}
