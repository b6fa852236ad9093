/** basicInfo's `service_link_type` (spec §3): 1 the page may be framed, 2 it opens outside the app. */
export const SERVICE_LINK_FRAME = 1;

export type ServiceLinkMode = 'frame' | 'outside' | 'none';

/**
 * How to show the support link: in a frame only when staff asked for one (type 1) and the page is https (the page's
 * CSP frames exactly that link's origin then, and nothing otherwise: the server's core/content-security.ts decides
 * alike; a mixed-content frame would be blocked anyway); any other http(s) link opens outside; an empty or non-web
 * link is not shown at all.
 */
export function serviceLinkMode(link: string | null | undefined, type: number | null | undefined): ServiceLinkMode {
  const url = safeUrl(link);
  if (!url) return 'none';
  return type === SERVICE_LINK_FRAME && url.protocol === 'https:' ? 'frame' : 'outside';
}

/** The link as a URL when it is an absolute http(s) address, else null. */
export function safeUrl(link: string | null | undefined): URL | null {
  const text = (link ?? '').trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}
