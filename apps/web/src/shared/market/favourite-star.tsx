import { memo } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';

/** The favourite star: a toggle button (44 px target), filled when the instrument is on the watchlist. */
export const FavouriteStar = memo(function FavouriteStar({
  on,
  code,
  onToggle,
  testId,
  className,
}: {
  on: boolean;
  /** The instrument's display code, for the screen-reader label. */
  code: string;
  onToggle(): void;
  testId?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={['fav-star', on ? 'is-on' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-pressed={on}
      aria-label={t(on ? 'market.unfavourite' : 'market.favourite', { code })}
      data-testid={testId}
      onClick={(e) => {
        e.stopPropagation();
        onToggle();
      }}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 3.2l2.7 5.5 6 .9-4.35 4.25 1.03 6L12 17l-5.38 2.85 1.03-6L3.3 9.6l6-.9z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
});
