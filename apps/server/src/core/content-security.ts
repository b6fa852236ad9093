import path from 'node:path';
import { inlineScriptHashes, inlineStyleHashes, securityHeaders } from './security-headers.ts';

/**
 * The style lightweight-charts inserts (one `<style>` element) for the TradingView attribution logo, which the chart
 * shows as the library's licence asks (its `layout.attributionLogo`, on by default): allowed by its hash. A spec
 * recomputes it from the installed library, so an upgrade that changes the text fails there, not in a trader's chart.
 */
export const CHART_ATTRIBUTION_STYLE_HASH = "'sha256-3pRED1tOXas1FXFoPb9TGCjmYe9XQsmO9OV23khV2nY='";

/** The support link's `service_link_type` that shows it in a frame inside the app (the app's service-link.ts). */
export const SERVICE_LINK_FRAME = 1;

/** Stand-ins in a built policy, replaced per request (see `policyFor`). */
const CONNECT_MARKER = 'tradepad-connect-origins';
const FRAME_MARKER = 'tradepad-frame-origins';

/** The two policies, built once at start-up with markers where a request's own sources go. */
export interface PolicyTemplates {
  /** The trader's app (and every answer outside `/admin`). */
  app: string;
  /** The back office console (`/admin/…`). */
  console: string;
}

/**
 * The Content-Security-Policy of each front end (DESIGN §3), from its built `index.html`:
 * - the trader's app runs only its own scripts and its hashed inline loaders, and applies only its own stylesheets,
 *   the `<style>` elements and `style` attributes of its page (by hash; attributes through `'unsafe-hashes'`) and the
 *   chart's attribution style: nothing injected into the page can style it (style sheets can read attribute values).
 *   Styles a script sets through the CSSOM (React's `style` prop, `el.style.x = …`) are not inline styles and need
 *   nothing. It may frame only the broker's support page (`frame-src`, per request), and only itself may frame it;
 * - the console keeps `'unsafe-inline'` styles: MUI's emotion writes `<style>` elements as components mount (and the
 *   news preview's sandboxed `srcdoc` frame, which inherits this policy, has its own), and a nonce would need a fresh
 *   one written into its static page on every load. Scripts stay `'self'` only, so injected markup still runs nothing.
 *   It frames nothing (the preview's `srcdoc` frame is no fetch, so `frame-src` does not apply to it) and nothing may
 *   frame it.
 * `connect-src` is this host's own origins (see connectSources in http-policy.ts), filled in per request.
 */
export function policyTemplates(dists: { web: string; admin: string }): PolicyTemplates {
  const webPage = path.resolve(dists.web, 'index.html');
  const adminPage = path.resolve(dists.admin, 'index.html');
  const styles = inlineStyleHashes([webPage]);
  const common = {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", CONNECT_MARKER],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
  const build = (directives: Record<string, string[] | null>) =>
    securityHeaders({ contentSecurityPolicy: { directives: { ...common, ...directives } } })['content-security-policy'] ?? '';
  return {
    app: build({
      // The web app's first-paint loaders are inline (apps/web/build/first-paint.ts): allowed by their hashes only.
      scriptSrc: ["'self'", ...inlineScriptHashes([webPage])],
      styleSrc: [
        "'self'",
        ...styles.elements,
        CHART_ATTRIBUTION_STYLE_HASH,
        ...(styles.attributes.length ? ["'unsafe-hashes'", ...styles.attributes] : []),
      ],
      frameSrc: [FRAME_MARKER],
      frameAncestors: ["'self'"],
    }),
    console: build({
      scriptSrc: ["'self'", ...inlineScriptHashes([adminPage])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      frameSrc: ["'none'"],
      frameAncestors: ["'none'"],
    }),
  };
}

/** A built policy with a request's own sources in place of the markers (an empty `frame` means none). */
export function policyFor(template: string, sources: { connect: string; frame: string }): string {
  return template.replace(CONNECT_MARKER, sources.connect).replace(FRAME_MARKER, sources.frame || "'none'");
}

/** A path of the back office console (its pages, assets and calls). */
export const isConsolePath = (url: string): boolean => url === '/admin' || /^\/admin[/?]/.test(url);

/**
 * What the app may frame (`frame-src`): the origin of the broker's support link when staff set it to open inside the
 * app (type 1) and it is an https address with a plain host name or address, exactly as the app decides to frame it
 * (apps/web/src/features/support); otherwise nothing (''). Only the origin: the support page may move between its own
 * paths.
 */
export function supportFrameSource(link: string, type: number): string {
  if (type !== SERVICE_LINK_FRAME) return '';
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return '';
  }
  if (url.protocol !== 'https:') return '';
  // What the URL parser lets through as a host is more than a CSP source may hold (`;`, `,`, quotes): only a domain,
  // an IPv4 or a bracketed IPv6 address, with its port.
  return /^https:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/.test(url.origin) ? url.origin : '';
}
