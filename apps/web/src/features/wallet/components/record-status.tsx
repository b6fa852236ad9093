import { useTranslation } from '../../../i18n/i18n.ts';
import {
  RECORD_COMPLETED,
  RECORD_INVALID,
  RECORD_REJECTED,
  RECORD_UNREVIEWED,
  type RecordStatus,
} from '@tradepad/contracts/wallet/constants';
import { formatDateTime, formatDecimal } from '../../../i18n/format.ts';
import type { Lang } from '@tradepad/contracts/languages';

const TONE: Record<RecordStatus, string> = {
  [RECORD_UNREVIEWED]: 'is-waiting',
  [RECORD_COMPLETED]: 'is-done',
  [RECORD_REJECTED]: 'is-refused',
  [RECORD_INVALID]: 'is-void',
};

/** A deposit's or withdrawal's status (DESIGN §6) as a coloured badge. */
export function RecordBadge({ status, testId }: { status: RecordStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`record-badge ${TONE[status] ?? ''}`} data-testid={testId} data-status={status}>
      {t(`record.status${status}`)}
    </span>
  );
}

/** A server time ("2024-05-01T08:00:00Z" or "2024-05-01 08:00:00") in the reader's conventions, else as sent. */
export function timeText(value: string, lang: Lang): string {
  if (!value) return '';
  const iso = /^\d{4}-\d\d-\d\d \d/.test(value) ? value.replace(' ', 'T') : value;
  const shown = formatDateTime(iso, lang);
  return shown === '--' ? value : shown;
}

/** A USD fee with its meaningful decimals, at least 2 ("1.00", "0.05005"). */
export function feeText(value: string, lang: Lang): string {
  const decimals = /\.(\d*?)0*$/.exec(value.trim())?.[1]?.length ?? 0;
  return formatDecimal(value, lang, Math.min(6, Math.max(2, decimals)));
}
