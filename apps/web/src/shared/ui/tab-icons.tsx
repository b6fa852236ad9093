/** Footer tab icons: 24 px line drawings in the current colour, drawn for Tradepad. */
const base = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: 'false' as const,
};

export function MarketsIcon() {
  return (
    <svg {...base}>
      <path d="M3 17l5-5 4 3 8-8" />
      <path d="M15 7h5v5" />
      <path d="M3 21h18" />
    </svg>
  );
}

export function TradeIcon() {
  return (
    <svg {...base}>
      <path d="M7 3v3M7 15v6M17 3v4M17 14v4" />
      <rect x="4.5" y="6" width="5" height="9" rx="1" />
      <rect x="14.5" y="7" width="5" height="7" rx="1" />
    </svg>
  );
}

export function OrdersIcon() {
  return (
    <svg {...base}>
      <rect x="4.5" y="3" width="15" height="18" rx="2.5" />
      <path d="M8.5 8h7M8.5 12h7M8.5 16h4" />
    </svg>
  );
}

export function RankIcon() {
  return (
    <svg {...base}>
      <path d="M8 4h8v5a4 4 0 0 1-8 0V4z" />
      <path d="M16 5h3a3 3 0 0 1-3 4M8 5H5a3 3 0 0 0 3 4" />
      <path d="M12 13v3M8.5 20h7M10 16h4v4h-4z" />
    </svg>
  );
}

export function MeIcon() {
  return (
    <svg {...base}>
      <circle cx="12" cy="8.5" r="4" />
      <path d="M4.5 20.5c1.2-3.6 4-5.5 7.5-5.5s6.3 1.9 7.5 5.5" />
    </svg>
  );
}
