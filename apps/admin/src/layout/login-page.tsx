import { Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { API } from '@tradepad/contracts/api-paths';
import type { Captcha } from '@tradepad/contracts/accounts/constants';
import { sessionEnded } from '../providers/auth-provider.ts';
import { ApiError, apiGet } from '../providers/http.ts';
import { AuthCard, CodeField } from './auth-card.tsx';

/**
 * Staff sign-in: e-mail and password, then the authenticator's code when the server asks for it (`totp_required`),
 * and an image code once the server asks for one after repeated failures (`captcha_required`). A refusal shows the
 * server's message as it is (in the console's language); the message of a session that ended shows on its own until
 * the next try.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Asked once the server answers `totp_required` (DESIGN §10): the authenticator's code.
  const [needTotp, setNeedTotp] = useState(false);
  const [totp, setTotp] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaText, setCaptchaText] = useState('');
  const newCaptcha = () => {
    setCaptchaText('');
    apiGet(API.captcha).then(setCaptcha, (err: unknown) => setError(err instanceof Error ? err.message : ''));
  };
  const [ended] = useState(sessionEnded.get);
  // Said once: a reload of the sign-in page no longer mentions it.
  useEffect(() => sessionEnded.clear(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setBusy(true);
    const code = totp.replace(/\s+/g, '');
    const solved = captcha ? { key: captcha.id, captcha: captchaText.trim() } : {};
    login({ email: email.trim(), password, ...(needTotp && code ? { totp: code } : {}), ...solved }).catch((err: unknown) => {
      const data = err instanceof ApiError ? (err.data as { totp_required?: boolean; captcha_required?: boolean } | null) : null;
      if (data?.totp_required === true && !needTotp) setNeedTotp(true);
      else setError(err instanceof Error && err.message ? err.message : translate('ra.auth.sign_in_error'));
      setBusy(false);
      // An image code serves one try; the server says when the next one needs it.
      if (data?.captcha_required) newCaptcha();
    });
  };

  return (
    <AuthCard
      title="tp.brand"
      width={420}
      onSubmit={submit}
      busy={busy}
      error={error}
      actions={
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {translate(busy ? 'tp.login.busy' : 'tp.login.submit')}
        </Button>
      }
    >
      <TextField
        label={translate('tp.login.email')}
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
        autoFocus
      />
      <TextField
        label={translate('tp.login.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      {needTotp && (
        <CodeField
          label="tp.login.totp"
          hint="tp.login.totp_hint"
          value={totp}
          onChange={setTotp}
          testId="admin-login-totp"
          autoFocus
        />
      )}
      {captcha && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            label={translate('tp.login.captcha')}
            autoComplete="off"
            value={captchaText}
            onChange={(e) => setCaptchaText(e.target.value)}
            required
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'staff-captcha' } }}
          />
          <Button onClick={newCaptcha} aria-label={translate('tp.login.captcha_refresh')} sx={{ p: 0.5 }}>
            <img src={captcha.b64s} alt="" width={120} height={44} />
          </Button>
        </Stack>
      )}
      {ended && !error && !busy && <Typography color="text.secondary">{translate('tp.login.session_ended')}</Typography>}
    </AuthCard>
  );
}
