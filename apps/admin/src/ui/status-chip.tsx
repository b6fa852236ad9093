import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { StatusInfo } from './format.ts';

/** A status as a small coloured chip. */
export function StatusChip({ info, status }: { info: StatusInfo; status?: number }) {
  const translate = useTranslate();
  return <Chip size="small" color={info.tone} variant="outlined" label={translate(info.key, { status })} />;
}
