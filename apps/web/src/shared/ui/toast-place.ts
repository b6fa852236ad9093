/**
 * Where a toast goes so that it never covers the field being edited (issue 21 point 6): in the larger free band of
 * the visible screen above or below the focused field, centred in it. With no field being edited, the toast keeps
 * its usual place (null).
 */
export interface Band {
  top: number;
  height: number;
}

const GAP = 8;

export function toastBand(field: { top: number; bottom: number } | null, viewport: Band): Band | null {
  if (!field) return null;
  const above = field.top - viewport.top;
  const below = viewport.top + viewport.height - field.bottom;
  if (below >= above) return { top: field.bottom + GAP, height: Math.max(0, below - 2 * GAP) };
  return { top: viewport.top + GAP, height: Math.max(0, above - 2 * GAP) };
}

const TEXT_INPUTS = /^(?:text|search|email|password|tel|url|number|date|datetime-local|time|month|week)$/;

function isTextField(el: Element | null): el is HTMLElement {
  if (!(el instanceof HTMLElement)) return false;
  if (el instanceof HTMLTextAreaElement) return true;
  if (el instanceof HTMLInputElement) return TEXT_INPUTS.test(el.type);
  return el.isContentEditable;
}

/** A field that lost focus a moment ago (a form disabled while it is sent), still shown: the toast avoids it too. */
const RECENT_MS = 3_000;
let left: { el: HTMLElement; at: number } | null = null;

/** Remembers the text field focus leaves (installed once at start, from toast.ts). */
export function trackFieldFocus(doc: Document = document): void {
  doc.addEventListener('focusout', (e) => {
    if (isTextField(e.target as Element | null)) left = { el: e.target as HTMLElement, at: Date.now() };
  });
}

/** The element being typed into (a text input, a text area, an editable element), or the one left a moment ago. */
export function editedField(doc: Document = document): HTMLElement | null {
  const el = doc.activeElement;
  if (isTextField(el)) return el;
  if (left && left.el.isConnected && Date.now() - left.at < RECENT_MS && (!el || el === doc.body)) return left.el;
  return null;
}

/** The band for the field being edited now, in the visible part of the page (the keyboard left out where it can be). */
export function currentToastBand(): Band | null {
  const field = editedField();
  if (!field) return null;
  const rect = field.getBoundingClientRect();
  const vv = window.visualViewport;
  return toastBand(rect, { top: vv?.offsetTop ?? 0, height: vv?.height ?? window.innerHeight });
}
