import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLogout, useTranslate } from 'react-admin';
import { renderSVG } from 'uqr';
import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { TotpSetup } from '@tradepad/contracts/twofactor/schemas';
import { CopyText } from '../ui/copy-text.tsx';
import { markEnrolled } from '../providers/auth-provider.ts';
import { apiPost } from '../providers/http.ts';
import { AuthCard, CodeField } from './auth-card.tsx';

/**
 * Two-factor enrolment, mandatory for staff (DESIGN §10): until it is done the session may do nothing else, so the
 * console shows only this page. A new secret is asked for once; its otpauth link as a QR code (uqr, shown as an <img>
 * data URI), the key to type by hand, and the app's code to confirm it; then every section of the role opens.
 */
export function EnrolPage() {
  const translate = useTranslate();
  const logout = useLogout();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const asked = useRef(false);

  useEffect(() => {
    // Once: each call makes a new secret, and the QR code must show the one the server keeps.
    if (asked.current) return;
    asked.current = true;
    apiPost(ADMIN_API.meTotp)
      .then(setSetup)
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  }, []);

  const qr = useMemo(
    () =>
      setup
        ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(setup.otpauth_url, { border: 2, ecc: 'M' }))}`
        : '',
    [setup],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setBusy(true);
    apiPost(ADMIN_API.meTotpConfirm, { code: code.replace(/\s+/g, '') })
      .then((me) => {
        markEnrolled(me);
        window.location.hash = '#/';
        window.location.reload();
      })
      .catch((err: unknown) => {
        setError(err instanceof Error ? err.message : String(err));
        setBusy(false);
      });
  };

  return (
    <AuthCard
      title="tp.enrol.title"
      width={520}
      onSubmit={submit}
      busy={busy}
      error={error}
      testId="admin-enrol"
      actions={
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button onClick={() => void logout()}>{translate('ra.auth.logout')}</Button>
          <Button type="submit" variant="contained" size="large" disabled={busy || !setup} data-testid="admin-enrol-confirm">
            {translate(busy ? 'tp.enrol.busy' : 'tp.enrol.confirm')}
          </Button>
        </Stack>
      }
    >
      <Typography>{translate('tp.enrol.intro')}</Typography>
      <Typography color="text.secondary">{translate('tp.enrol.scan')}</Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 200 }}>
        {qr && <img src={qr} width={200} height={200} alt={translate('tp.enrol.qr')} data-testid="admin-enrol-qr" />}
      </Box>
      {setup && (
        <Box>
          <Typography variant="body2" color="text.secondary">
            {translate('tp.enrol.secret')}
          </Typography>
          <Box data-testid="admin-enrol-secret" dir="ltr">
            <CopyText text={setup.secret} />
          </Box>
        </Box>
      )}
      <CodeField label="tp.enrol.code" hint="tp.enrol.code_hint" value={code} onChange={setCode} testId="admin-enrol-code" />
    </AuthCard>
  );
}
