import { useState } from 'react';
import { serverAssetUrl } from '../api/api-origin.ts';
import './market.css';

/**
 * An instrument's logo (served by the server), or its first letters in a circle when the image cannot load.
 * Decorative: every place that shows it also shows the instrument's code as text, so the image has an empty alt.
 */
export function InstrumentLogo({ src, name, size = 36 }: { src: string; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className="instrument-logo instrument-logo-text" style={{ width: size, height: size }} aria-hidden="true">
        {name.replace(/[^A-Za-z0-9]/g, '').slice(0, 3)}
      </span>
    );
  }
  return (
    <img
      className="instrument-logo"
      src={serverAssetUrl(src)}
      width={size}
      height={size}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
