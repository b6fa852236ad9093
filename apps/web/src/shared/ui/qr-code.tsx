import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import './qr-code.css';

/**
 * `value` as a QR code. The SVG comes from uqr and is shown as an <img> data URI, so nothing of it reaches the DOM as
 * markup. Import only from lazily loaded screens: it keeps uqr out of the first screen's bundle.
 */
export function QrCode({ value, label, size = 168, testId }: { value: string; label: string; size?: number; testId?: string }) {
  const src = useMemo(
    () => (value ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(value, { border: 2, ecc: 'M' }))}` : ''),
    [value],
  );
  if (!src) return <span className="qr-code is-empty" style={{ width: size, height: size }} aria-hidden="true" />;
  return <img className="qr-code" src={src} width={size} height={size} alt={label} data-testid={testId} />;
}
