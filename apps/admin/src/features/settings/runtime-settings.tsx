import type { SettingsImpact } from '@tradepad/contracts/staff/ops';
import { ADMIN_API } from '@tradepad/contracts/api-paths';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { apiGet, apiPost } from '../../providers/http.ts';
import { GROUPS } from './settings-form.ts';

/** The keys whose value differs from what is saved. */
export function changedSettings(saved: Record<string, string>, draft: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(draft).filter(([k, v]) => saved[k] !== v));
}

/**
 * The run-time settings (super admins): registration method, service link, fee type, margin-call and stop-out levels
 * with how many real accounts they would touch now, demo start balance, restricted regions, company mode, session
 * lifetimes. Only what changed is sent; the server checks every value and records the change in the audit log.
 */
export function RuntimeSettings() {
  const translate = useTranslate();
  const notify = useNotify();
  const [saved, setSaved] = useState<Record<string, string> | null>(null);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [impact, setImpact] = useState<SettingsImpact | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    apiGet(ADMIN_API.settings)
      .then((s) => {
        setSaved(s);
        setDraft(s);
      })
      .catch((e: Error) => setError(e.message));
  }, []);

  // The impact of the levels on the form, before they are saved (debounced while typing).
  const marginCall = draft.margin_call_level;
  const stopOut = draft.stop_out_level;
  useEffect(() => {
    if (!marginCall || !stopOut) return;
    const t = setTimeout(() => {
      apiGet(ADMIN_API.settingsImpact, { margin_call: marginCall, stop_out: stopOut })
        .then(setImpact)
        .catch(() => setImpact(null));
    }, 300);
    return () => clearTimeout(t);
  }, [marginCall, stopOut]);

  if (!saved) return error ? <Alert severity="error">{error}</Alert> : <Loading />;
  const changes = changedSettings(saved, draft);
  const levelsChanged = 'margin_call_level' in changes || 'stop_out_level' in changes;

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await apiPost(ADMIN_API.settings, changes);
      setSaved(next);
      setDraft(next);
      // The adjustment limits wait for a second super admin (issue 29): what was sent but is not in effect yet.
      const waiting = Object.entries(changes).filter(([k, v]) => next[k as keyof typeof next] !== v);
      if (waiting.length > 0) {
        const keys = waiting.map(([k]) => translate(`tp.runtime.${k}`)).join(', ');
        notify('tp.runtime.pending', { type: 'info', messageArgs: { keys }, autoHideDuration: 8000 });
      } else notify('tp.runtime.saved', { type: 'success' });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 960, mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('tp.runtime.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('tp.runtime.intro')}
        </Typography>
        <Stack spacing={3}>
          {GROUPS.map((g) => (
            <Box key={g.id} component="section" aria-labelledby={`settings-${g.id}`}>
              <Typography id={`settings-${g.id}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                {translate(`tp.runtime.group_${g.id}`)}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
                {g.fields.map((f) => (
                  <TextField
                    key={f.key}
                    select={Boolean(f.choices)}
                    size="small"
                    label={translate(f.label)}
                    helperText={translate(`${f.label}_hint`)}
                    value={draft[f.key] ?? ''}
                    onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))}
                    slotProps={{ htmlInput: { name: f.key } }}
                  >
                    {f.choices?.map((c) => (
                      <MenuItem key={c} value={c}>
                        {translate(`${f.label}_${c}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                ))}
              </Box>
              {g.id === 'trading' && impact?.margin_call && impact.stop_out && (
                <Alert severity={levelsChanged ? 'warning' : 'info'} variant="outlined" sx={{ mt: 2 }} role="status">
                  {translate('tp.runtime.impact', {
                    margin_call: impact.margin_call.accounts,
                    margin_level: impact.margin_call.level,
                    stop_out: impact.stop_out.accounts,
                    stop_level: impact.stop_out.level,
                    total: impact.accounts_with_positions,
                  })}
                </Alert>
              )}
            </Box>
          ))}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Box>
            <Button variant="contained" disabled={busy || Object.keys(changes).length === 0} onClick={() => void save()}>
              {translate('tp.runtime.save', { smart_count: Object.keys(changes).length })}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
