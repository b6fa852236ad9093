import type { AdminInstrument } from '@tradepad/contracts/staff/ops';
import { ADMIN_API } from '@tradepad/contracts/api-paths';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { AccessDenied, Loading, useNotify, useTranslate } from 'react-admin';
import { useAccess } from '../../ui/use-access.ts';
import { apiGet, apiPost } from '../../providers/http.ts';
import { PageHead } from '../../ui/page-head.tsx';
import { InstrumentCreateDialog } from './instrument-create.tsx';
import { SessionsEditor } from './sessions-editor.tsx';

/** The form's fields, as text while typed; switches as booleans. */
interface Draft {
  spread: string;
  fee_rate: string;
  leverage: string;
  min_lots: string;
  max_lots: string;
  lot_step: string;
  swap_long: string;
  swap_short: string;
  swap_triple_day: string;
  category_id: string;
  hours: string;
  pricing: string;
  markup: string;
  enabled: boolean;
  close_only: boolean;
  hedge_mode: string;
  hedge_threshold_lots: string;
  hedge_tolerance: string;
}

const draftOf = (i: AdminInstrument): Draft => ({
  spread: String(i.spread),
  fee_rate: i.fee_rate,
  leverage: i.leverage.join(', '),
  min_lots: i.min_lots,
  max_lots: i.max_lots,
  lot_step: i.lot_step,
  swap_long: i.swap_long,
  swap_short: i.swap_short,
  swap_triple_day: String(i.swap_triple_day),
  category_id: String(i.category_id),
  hours: JSON.stringify(i.hours),
  pricing: i.pricing,
  markup: String(i.markup),
  enabled: i.enabled,
  close_only: i.close_only,
  hedge_mode: i.hedge_mode,
  hedge_threshold_lots: i.hedge_threshold_lots,
  hedge_tolerance: String(i.hedge_tolerance),
});

/** Hedging (DESIGN §14): none, every real client fill, or the real clients' net position. */
const HEDGE_MODES = ['none', 'all', 'net'] as const;

/** Only what changed is sent (any subset is a valid body); the server validates the whole and answers the result. */
export function changesOf(before: Draft, after: Draft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(after) as Array<keyof Draft>) {
    if (after[k] === before[k]) continue;
    out[k] = k === 'hours' ? safeJson(after.hours) : typeof after[k] === 'string' ? (after[k] as string).trim() : after[k];
  }
  return out;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const PRICING_MODES = ['fixed', 'markup'] as const;

/**
 * Instruments (issue 18 point 6): every instrument's terms, the same for every trader. Dealers read them; super admins
 * change them, effective at once in the trade list, the fills and the app, and recorded in the audit log.
 */
export function InstrumentsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { may, isPending } = useAccess();
  const [rows, setRows] = useState<AdminInstrument[] | null>(null);
  const [editing, setEditing] = useState<AdminInstrument | null>(null);
  const [creating, setCreating] = useState(false);
  const canRead = may('instruments');
  const canEdit = may('instruments', 'act');

  const load = useCallback(() => {
    apiGet(ADMIN_API.instruments)
      .then((r) => setRows(r.data))
      .catch((e: Error) => notify(e.message, { type: 'error' }));
  }, [notify]);
  useEffect(() => {
    if (canRead) load();
  }, [canRead, load]);

  if (isPending) return <Loading />;
  if (!canRead) return <AccessDenied />;
  return (
    <>
      <PageHead title="tp.instruments.title" intro="tp.instruments.intro">
        {canEdit && (
          <Button variant="contained" size="small" sx={{ mt: 1 }} onClick={() => setCreating(true)}>
            {translate('tp.instrument_new.button')}
          </Button>
        )}
      </PageHead>
      {!rows ? (
        <Loading />
      ) : (
        <TableContainer sx={{ bgcolor: 'background.paper', borderRadius: 1 }}>
          <Table size="small" aria-label={translate('tp.instruments.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('tp.instruments.code')}</TableCell>
                <TableCell align="right">{translate('tp.instruments.spread')}</TableCell>
                <TableCell>{translate('tp.instruments.pricing')}</TableCell>
                <TableCell align="right">{translate('tp.instruments.fee_rate')}</TableCell>
                <TableCell>{translate('tp.instruments.leverage')}</TableCell>
                <TableCell>{translate('tp.instruments.lots')}</TableCell>
                <TableCell>{translate('tp.instruments.swaps')}</TableCell>
                <TableCell>{translate('tp.instruments.status')}</TableCell>
                <TableCell>{translate('tp.instruments.hedging')}</TableCell>
                {canEdit && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((i) => (
                <TableRow key={i.Id} hover>
                  <TableCell>
                    <strong>{i.show_code}</strong>
                    <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                      {i.hours.timeZone}
                    </Box>
                  </TableCell>
                  <TableCell align="right">{i.spread}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {i.pricing === 'markup'
                      ? translate('tp.instruments.pricing_markup_of', { points: i.markup })
                      : translate('tp.instruments.pricing_fixed')}
                  </TableCell>
                  <TableCell align="right">{i.fee_rate}</TableCell>
                  <TableCell>{i.leverage.join(' · ')}</TableCell>
                  <TableCell>
                    {i.min_lots} – {i.max_lots} / {i.lot_step}
                  </TableCell>
                  <TableCell>
                    {i.swap_long} / {i.swap_short} ({translate(`tp.instruments.weekday_${i.swap_triple_day}`)})
                  </TableCell>
                  <TableCell>
                    {!i.enabled ? (
                      <Chip size="small" label={translate('tp.instruments.disabled')} />
                    ) : i.close_only ? (
                      <Chip size="small" color="warning" label={translate('tp.instruments.close_only')} />
                    ) : (
                      <Chip size="small" color="success" label={translate('tp.instruments.trading')} />
                    )}
                  </TableCell>
                  <TableCell>
                    {translate(`tp.instruments.hedge_mode_${i.hedge_mode}`)}
                    {i.hedge_mode === 'net' && ` ≥ ${i.hedge_threshold_lots}`}
                    {i.hedge_mode !== 'none' && ` ± ${i.hedge_tolerance}`}
                  </TableCell>
                  {canEdit && (
                    <TableCell align="right">
                      <Button
                        size="small"
                        onClick={() => setEditing(i)}
                        aria-label={`${translate('tp.instruments.edit')} ${i.Code}`}
                      >
                        {translate('tp.instruments.edit')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {creating && (
        <InstrumentCreateDialog
          onClose={() => setCreating(false)}
          onCreated={(made) => {
            setRows((rs) => [...(rs ?? []), made]);
            setCreating(false);
            notify('tp.instrument_new.created', { type: 'success', messageArgs: { code: made.Code } });
          }}
        />
      )}
      {editing && (
        <InstrumentDialog
          instrument={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setRows((rs) => rs?.map((r) => (r.Id === saved.Id ? saved : r)) ?? null);
            setEditing(null);
            notify('tp.instruments.saved', { type: 'success', messageArgs: { code: saved.Code } });
          }}
        />
      )}
    </>
  );
}

function InstrumentDialog(props: {
  instrument: AdminInstrument;
  onClose: () => void;
  onSaved: (saved: AdminInstrument) => void;
}) {
  const translate = useTranslate();
  const original = draftOf(props.instrument);
  const [draft, setDraft] = useState<Draft>(original);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [hoursValid, setHoursValid] = useState(true);
  const set = (k: keyof Draft) => (e: { target: { value: string; checked?: boolean } }) =>
    setDraft((d) => ({ ...d, [k]: typeof d[k] === 'boolean' ? Boolean(e.target.checked) : e.target.value }));
  const text = (k: keyof Draft, hint?: string) => (
    <TextField
      label={translate(`tp.instruments.${k}`)}
      value={draft[k] as string}
      onChange={set(k)}
      helperText={hint ? translate(hint) : undefined}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { name: k } }}
    />
  );

  const save = async () => {
    const changes = changesOf(original, draft);
    if (Object.keys(changes).length === 0) return props.onClose();
    if (typeof changes.leverage === 'string')
      changes.leverage = changes.leverage
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')
        .map(Number);
    setBusy(true);
    setError(null);
    try {
      props.onSaved(await apiPost(`${ADMIN_API.instruments}/:id`, changes, { id: props.instrument.Id }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={props.onClose} maxWidth="md" fullWidth aria-labelledby="instrument-dialog-title">
      <DialogTitle id="instrument-dialog-title">
        {translate('tp.instruments.edit_title', { code: props.instrument.show_code })}
      </DialogTitle>
      <DialogContent>
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }} role="note">
          {translate('tp.instruments.everyone')}
        </Alert>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('spread', 'tp.instruments.spread_hint')}
            {text('fee_rate', 'tp.instruments.fee_rate_hint')}
            {text('leverage', 'tp.instruments.leverage_hint')}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={translate('tp.instruments.pricing')}
              value={draft.pricing}
              onChange={set('pricing')}
              helperText={translate(`tp.instruments.pricing_${draft.pricing === 'markup' ? 'markup' : 'fixed'}_hint`)}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { name: 'pricing' } }}
            >
              {PRICING_MODES.map((m) => (
                <MenuItem key={m} value={m}>
                  {translate(`tp.instruments.pricing_${m}`)}
                </MenuItem>
              ))}
            </TextField>
            {text('markup', 'tp.instruments.markup_hint')}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('min_lots')}
            {text('max_lots')}
            {text('lot_step')}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('swap_long', 'tp.instruments.swap_hint')}
            {text('swap_short', 'tp.instruments.swap_hint')}
            <TextField
              select
              label={translate('tp.instruments.swap_triple_day')}
              value={draft.swap_triple_day}
              onChange={set('swap_triple_day')}
              helperText={translate('tp.instruments.swap_triple_hint')}
              size="small"
              fullWidth
            >
              {/* Rollovers happen Monday to Friday only: a weekend triple day would never charge. */}
              {WEEKDAYS.filter((d) => d >= 1 && d <= 5).map((d) => (
                <MenuItem key={d} value={String(d)}>
                  {translate(`tp.instruments.weekday_${d}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
            {text('category_id')}
            <FormControlLabel
              control={<Switch checked={draft.enabled} onChange={set('enabled')} name="enabled" />}
              label={translate('tp.instruments.enabled')}
              sx={{ minWidth: 160 }}
            />
            <FormControlLabel
              control={<Switch checked={draft.close_only} onChange={set('close_only')} name="close_only" />}
              label={translate('tp.instruments.close_only')}
              sx={{ minWidth: 160 }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={translate('tp.instruments.hedge_mode')}
              value={draft.hedge_mode}
              onChange={set('hedge_mode')}
              helperText={translate('tp.instruments.hedge_mode_hint')}
              size="small"
              fullWidth
            >
              {HEDGE_MODES.map((m) => (
                <MenuItem key={m} value={m}>
                  {translate(`tp.instruments.hedge_mode_${m}`)}
                </MenuItem>
              ))}
            </TextField>
            {text('hedge_threshold_lots', 'tp.instruments.hedge_threshold_lots_hint')}
            {text('hedge_tolerance', 'tp.instruments.hedge_tolerance_hint')}
          </Stack>
          <SessionsEditor
            value={props.instrument.hours}
            onChange={(hours) => {
              setHoursValid(hours !== null);
              if (hours) setDraft((d) => ({ ...d, hours: JSON.stringify(hours) }));
            }}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{translate('tp.instruments.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !hoursValid}>
          {translate('tp.instruments.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
