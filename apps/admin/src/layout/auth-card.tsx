import { Alert, Box, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { LocalesMenuButton, useTranslate } from 'react-admin';

/**
 * The frame of the pages shown before the console opens (sign-in, two-factor enrolment): one form on a card in the
 * middle of the page, its title beside the language menu, the fields, the server's refusal as it is, the buttons.
 */
export function AuthCard({
  title,
  width,
  onSubmit,
  busy,
  error,
  actions,
  testId,
  children,
}: {
  title: string;
  width: number;
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
  error: string;
  actions: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card component="form" onSubmit={onSubmit} sx={{ width, maxWidth: '100%' }} aria-busy={busy} data-testid={testId}>
        <CardContent>
          <Stack spacing={2}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="h6" component="h1">
                {translate(title)}
              </Typography>
              <LocalesMenuButton />
            </Stack>
            {children}
            {error && (
              <Alert severity="error" icon={false}>
                {error}
              </Alert>
            )}
            {actions}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

/** An authenticator's 6-digit code (spaces allowed, taken out before it is sent). */
export function CodeField({
  label,
  hint,
  value,
  onChange,
  testId,
  autoFocus,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  autoFocus?: boolean;
}) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate(label)}
      helperText={translate(hint)}
      autoComplete="one-time-code"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7, 'data-testid': testId } }}
      required
      autoFocus={autoFocus}
    />
  );
}
