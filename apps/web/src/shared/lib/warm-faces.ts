import { nextTask } from './tasks.ts';

/** A face of the app's font: weight and size in CSS pixels. */
export type Face = readonly [weight: number, sizePx: number];

/**
 * Lays out `sample` once in each face, one face per task, in a hidden box that inherits the page's font family.
 *
 * The first text laid out in a new size or weight of a system font costs the layout 1–16 ms in Chromium (measured
 * here: the font's data for that size, and for CJK, Arabic or Thai text a fallback font's too). A part of a screen that
 * appears with a dozen new faces (the order ticket) paid them all in the one layout after its commit: ~50 ms, four
 * times that on a mid-range phone. Readied here first, each costs a task of its own instead, and the later layout
 * finds them loaded.
 */
export async function warmFaces(faces: readonly Face[], sample: string): Promise<void> {
  if (typeof document === 'undefined' || !document.body) return;
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = 'position:absolute;top:0;left:0;width:1px;height:1px;overflow:hidden;visibility:hidden;pointer-events:none';
  document.body.append(box);
  try {
    for (const [weight, size] of faces) {
      await nextTask();
      const line = document.createElement('span');
      line.style.cssText = `font-weight:${weight};font-size:${size}px;white-space:nowrap`;
      line.textContent = sample;
      box.append(line);
      // Reading the size lays the line out now, in this task.
      line.getBoundingClientRect();
    }
  } finally {
    box.remove();
  }
}
