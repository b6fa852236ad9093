import { useId } from 'react';

/**
 * Tradepad's mark: a "T" whose crossbar is a rising price line, on the brand blue. Same drawing as
 * `logo-mark.svg` (the favicon), inlined so the first screen needs no extra request.
 */
export function LogoMark({ size = 28, title }: { size?: number; title?: string }) {
  const gradient = useId();
  return (
    <svg
      viewBox="0 0 32 32"
      width={size}
      height={size}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2563eb" />
          <stop offset="1" stopColor="#1640b8" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <path d="M7 14.5h4.5l4.5-4.5h9" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M16 10v15" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
      <circle cx="25" cy="10" r="2.4" fill="#34d399" />
    </svg>
  );
}
