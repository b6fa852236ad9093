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

/** The vertical span from the highest top to the lowest bottom of `rects`; null for none. */
export function spanOf(rects: ReadonlyArray<{ top: number; bottom: number }>): { top: number; bottom: number } | null {
  if (rects.length === 0) return null;
  return { top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom)) };
}

const TEXT_INPUTS = /^(?:text|search|email|password|tel|url|number|date|datetime-local|time|month|week)$/;

function isTextField(el: Element | null): el is HTMLElement {
  if (!(el instanceof HTMLElement)) return false;
  if (el instanceof HTMLTextAreaElement) return true;
  if (el instanceof HTMLInputElement) return TEXT_INPUTS.test(el.type);
  return el.isContentEditable;
}

/**
 * A field that lost focus a moment ago (a form disabled while it is sent, its button tapped), still shown: the toast
 * avoids it too. Long enough for a slow answer to the form (a login's answer arrives after the password is hashed).
 */
export const RECENT_MS = 15_000;
let left: { el: HTMLElement; at: number } | null = null;

/** Remembers the text field focus leaves (installed once at start, from toast.ts). */
export function trackFieldFocus(doc: Document = document): void {
  doc.addEventListener('focusout', (e) => {
    if (isTextField(e.target as Element | null)) left = { el: e.target as HTMLElement, at: Date.now() };
  });
}

/**
 * Which field a toast keeps clear of: the one focused, else the one left less than RECENT_MS ago when focus went
 * nowhere (the page) or to a button of the same form: tapping "Log in" focuses that button, and the error toast then
 * sat in the middle of the screen, over the password field (issue 33). Pure, over any kind of element.
 */
export function fieldToKeepClear<E>(
  active: E | null,
  recent: { el: E; at: number; connected: boolean } | null,
  now: number,
  is: { textField(el: E): boolean; page(el: E): boolean; sameFormButton(el: E, field: E): boolean },
): E | null {
  if (active !== null && is.textField(active)) return active;
  if (!recent || !recent.connected || now - recent.at >= RECENT_MS) return null;
  return active === null || is.page(active) || is.sameFormButton(active, recent.el) ? recent.el : null;
}

/** The element being typed into (a text input, a text area, an editable element), or the one left a moment ago. */
export function editedField(doc: Document = document): HTMLElement | null {
  return fieldToKeepClear<Element>(
    doc.activeElement,
    left ? { el: left.el, at: left.at, connected: left.el.isConnected } : null,
    Date.now(),
    {
      textField: isTextField,
      page: (el) => el === doc.body,
      sameFormButton: (el, field) =>
        (el instanceof HTMLButtonElement || (el instanceof HTMLInputElement && el.type === 'submit')) &&
        el.closest('form') !== null &&
        el.closest('form') === field.closest('form'),
    },
  ) as HTMLElement | null;
}

/** The band for the field being edited now, in the visible part of the page (the keyboard left out where it can be). */
export function currentToastBand(): Band | null {
  const field = editedField();
  if (!field) return null;
  // The form's other fields too (the email above the password): the toast covers none of what the trader typed.
  const form = field.closest('form');
  const fields = form ? [...form.querySelectorAll('input, textarea')].filter(isTextField) : [field];
  const rect = spanOf(fields.map((f) => f.getBoundingClientRect()).filter((r) => r.height > 0)) ?? field.getBoundingClientRect();
  const vv = window.visualViewport;
  return toastBand(rect, { top: vv?.offsetTop ?? 0, height: vv?.height ?? window.innerHeight });
}
