import { Box } from '@mui/material';
import { useLocale, useRecordContext, useTranslate } from 'react-admin';
import { formatTime, timeParts } from './format.ts';
import { LANG_TAG, type ConsoleLang } from '../i18n/lang.ts';

/** The date-time locale of the console's language. */
export const useTimeLocale = () => LANG_TAG[useLocale() as ConsoleLang] ?? 'en-GB';

/** A row's time column, in the console's language. */
export function TimeCell({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Record<string, number | null>>();
  const locale = useTimeLocale();
  // The date over the time: a narrow column, so the table fits beside the detail panel.
  const parts = timeParts(record?.[source], locale);
  if (!parts) return <>—</>;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {parts[0]}
      <Box component="small" sx={{ display: 'block', color: 'text.secondary' }}>
        {parts[1]}
      </Box>
    </Box>
  );
}

/** The row's owner: the account (e-mail, phone or uid) over the user id. */
export function UserCell(_props: { label?: string }) {
  const translate = useTranslate();
  const r = useRecordContext<{ user_account: string; user_id: number }>();
  if (!r) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <span>{r.user_account || '—'}</span>
      <Box component="small" sx={{ color: 'text.secondary' }}>
        {translate('tp.common.user_id_short', { id: r.user_id })}
      </Box>
    </Box>
  );
}

/** `#12`. */
export function IdCell(_props: { label?: string }) {
  const r = useRecordContext();
  return r ? <>#{r.id}</> : null;
}

/** "time by staff N", or '' when not reviewed yet. */
export function useReviewedText() {
  const translate = useTranslate();
  const locale = useTimeLocale();
  return (at: number | null, by: number | null) =>
    at ? (by ? translate('tp.common.reviewed_by', { time: formatTime(at, locale), staff: by }) : formatTime(at, locale)) : '';
}
