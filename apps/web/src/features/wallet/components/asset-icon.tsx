import { assetGlyph } from './method-text.ts';

/**
 * A crypto asset's own mark in a ring (₮ for USDT, ₿ for BTC, Ξ for ETH, else its first letter), sized like the
 * antd-mobile icons beside it: a coin address showed antd-mobile's PayCircle, a ¥ (issue 33).
 */
export function AssetIcon({ code }: { code: string }) {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" data-asset={code}>
      <circle cx="12" cy="12" r="10.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <text x="12" y="16.2" textAnchor="middle" fontSize="11.5" fontWeight="600" fill="currentColor">
        {assetGlyph(code)}
      </text>
    </svg>
  );
}
