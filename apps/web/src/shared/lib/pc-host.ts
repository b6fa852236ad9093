/**
 * The spec's mobile check (§1): a desktop browser is sent to the desktop site on the `pc.` host, but only when the
 * build names one (`VITE_PC_ORIGIN`, e.g. `https://pc.example.com`). Without one, nobody is redirected.
 */
export interface Visitor {
  userAgent: string;
  /** `navigator.maxTouchPoints`. */
  touchPoints: number;
  /** `window.innerWidth`. */
  width: number;
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Windows Phone|Opera Mini|IEMobile|BlackBerry|HarmonyOS/i;

/** A phone or tablet: a mobile user agent, or a touch screen narrower than a desktop window (iPadOS says "Macintosh"). */
export function isMobileVisitor(v: Visitor): boolean {
  return MOBILE_UA.test(v.userAgent) || (v.touchPoints > 1 && v.width < 1366);
}

/**
 * Where to send this visitor, or null to stay: desktop visitors go to the same path on the configured pc origin,
 * unless they are on it already (no loop) or `?mobile=1` asks to stay.
 */
export function pcRedirectTarget(pcOrigin: string | undefined, here: URL, visitor: Visitor): string | null {
  const configured = (pcOrigin ?? '').trim().replace(/\/+$/, '');
  if (!configured) return null;
  let target: URL;
  try {
    target = new URL(configured);
  } catch {
    return null;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
  if (target.host === here.host || here.searchParams.get('mobile') === '1') return null;
  if (isMobileVisitor(visitor)) return null;
  return `${target.origin}${here.pathname}${here.search}${here.hash}`;
}
