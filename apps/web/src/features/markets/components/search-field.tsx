import { useTranslation } from '../../../i18n/i18n.ts';
import { CloseCircleFill, SearchOutline } from 'antd-mobile-icons';

/** The sticky search box of /product: a labelled search input with a clear button. */
export function SearchField({
  value,
  onChange,
  label,
  placeholder,
  testId,
  maxLength = 100,
}: {
  value: string;
  onChange(value: string): void;
  label: string;
  placeholder: string;
  testId: string;
  /** The longest text the search takes (the trade list's search: 40 characters). */
  maxLength?: number;
}) {
  const { t } = useTranslation();
  return (
    <form className="product-search" role="search" onSubmit={(e) => e.preventDefault()}>
      <label className="product-search-field">
        <SearchOutline className="product-search-icon" fontSize={18} aria-hidden />
        <span className="visually-hidden">{label}</span>
        <input
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="words"
          spellCheck={false}
          maxLength={maxLength}
          autoFocus
          value={value}
          placeholder={placeholder}
          data-testid={testId}
          onChange={(e) => onChange(e.target.value)}
        />
        {value && (
          <button type="button" className="product-search-clear" aria-label={t('product.clear')} onClick={() => onChange('')}>
            <CloseCircleFill fontSize={18} aria-hidden />
          </button>
        )}
      </label>
    </form>
  );
}
