import { Typography } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { Loading, usePermissions, useTranslate } from 'react-admin';
import { sectionsFor } from '../access.ts';

const LANDING: Record<string, string> = { channels: '/deposit-channels' };

/** `/`: the first section the role may use (deposits for a super admin), or a word that there is none yet. */
export function Home() {
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions<string>();
  if (isPending) return <Loading />;
  const first = sectionsFor(permissions)[0];
  if (first) return <Navigate to={LANDING[first] ?? `/${first}`} replace />;
  return (
    <Typography sx={{ mt: 4 }} color="text.secondary">
      {translate('tp.home.nothing')}
    </Typography>
  );
}
