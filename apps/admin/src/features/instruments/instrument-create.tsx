import type { AdminInstrument } from '@tradepad/contracts/staff/ops';
import { ADMIN_API } from '@tradepad/contracts/api-paths';
import { LANGS } from '@tradepad/contracts/languages';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { apiPost, newIdempotencyKey } from '../../providers/http.ts';
import { SessionsEditor } from './sessions-editor.tsx';

/** The app's language codes as BCP 47, for the languages' own names (`Intl.DisplayNames`). */
const BCP47: Record<string, string> = { hk: 'zh-Hant-HK', jp: 'ja', kr: 'ko', vn: 'vi', spa: 'es' };
const CATEGORY_IDS = [1, 2, 3, 4, 5] as const;
const OTHER_LANGS = LANGS.filter((l) => l !== 'en');

/** A new instrument's hours until staff set them: around the clock in UTC, Monday to Friday. */
const WEEKDAYS_UTC = {
  timeZone: 'UTC',
  rollover: 0,
  sessions: [1, 2, 3, 4, 5].map((day) => ({ day, open: 0, close: 1440 })),
};

interface Draft {
  code: string;
  show_code: string;
  category_id: string;
  precision: string;
  contract_size: string;
  start_price: string;
  spread: string;
  fee_rate: string;
  leverage: string;
  min_lots: string;
  max_lots: string;
  lot_step: string;
}

const EMPTY: Draft = {
  code: '',
  show_code: '',
  category_id: '1',
  precision: '5',
  contract_size: '100000',
  start_price: '',
  spread: '10',
  fee_rate: '0',
  leverage: '10, 50, 100',
  min_lots: '0.01',
  max_lots: '50',
  lot_step: '0.01',
};

/** The body the server takes (`POST /admin/api/instruments`): names left empty are left out; leverage as numbers. */
export function createBody(d: Draft, names: Record<string, string>, hours: typeof WEEKDAYS_UTC): Record<string, unknown> {
  const trimmed = Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v.trim()])) as unknown as Draft;
  return {
    ...trimmed,
    code: trimmed.code.toUpperCase(),
    show_code: trimmed.show_code || undefined,
    leverage: trimmed.leverage
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '')
      .map(Number),
    names: Object.fromEntries(
      Object.entries(names)
        .filter(([, v]) => v.trim() !== '')
        .map(([k, v]) => [k, v.trim()]),
    ),
    hours,
  };
}

/**
 * "New instrument" (issue 32 point 6): code, names in the app's 14 languages (English required), category, price
 * decimals, contract size, start price, spread, fee, leverage, lots and the sessions by weekday. The server checks it
 * all and answers a refusal by name, shown here; created, it trades at once for everyone.
 */
export function InstrumentCreateDialog(props: { onClose: () => void; onCreated: (made: AdminInstrument) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [names, setNames] = useState<Record<string, string>>({});
  const [hours, setHours] = useState<typeof WEEKDAYS_UTC | null>(WEEKDAYS_UTC);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const display = new Intl.DisplayNames([locale === 'hk' ? 'zh-Hant-HK' : 'en'], { type: 'language' });
  const langName = (l: string) => `${display.of(BCP47[l] ?? l) ?? l} (${l})`;

  const text = (k: keyof Draft, label: string, hint?: string, required = false) => (
    <TextField
      label={translate(label)}
      value={draft[k]}
      onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))}
      helperText={hint ? translate(hint) : undefined}
      size="small"
      fullWidth
      required={required}
      slotProps={{ htmlInput: { name: k } }}
    />
  );
  const name = (l: string, label: string, required = false) => (
    <TextField
      key={l}
      label={label}
      value={names[l] ?? ''}
      onChange={(e) => setNames((n) => ({ ...n, [l]: e.target.value }))}
      size="small"
      fullWidth
      required={required}
      slotProps={{ htmlInput: { name: `name_${l}`, maxLength: 64 } }}
    />
  );

  const create = async () => {
    if (!hours) return;
    setBusy(true);
    setError(null);
    try {
      props.onCreated(await apiPost(ADMIN_API.instruments, createBody(draft, names, hours), { idempotencyKey: key }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={props.onClose} maxWidth="md" fullWidth aria-labelledby="instrument-new-title">
      <DialogTitle id="instrument-new-title">{translate('tp.instrument_new.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }} role="note">
          {translate('tp.instrument_new.intro')}
        </Alert>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('code', 'tp.instrument_new.code', 'tp.instrument_new.code_hint', true)}
            {text('show_code', 'tp.instrument_new.show_code', 'tp.instrument_new.show_code_hint')}
            <TextField
              select
              label={translate('tp.instrument_new.category')}
              value={draft.category_id}
              onChange={(e) => setDraft((d) => ({ ...d, category_id: e.target.value }))}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { name: 'category_id' } }}
            >
              {CATEGORY_IDS.map((c) => (
                <MenuItem key={c} value={String(c)}>
                  {translate(`tp.instruments.category_${c}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {name('en', translate('tp.instrument_new.name_en'), true)}
          <Accordion variant="outlined" disableGutters>
            <AccordionSummary>{translate('tp.instrument_new.more_names')}</AccordionSummary>
            <AccordionDetails>
              <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', '& > *': { flex: '1 1 240px' } }}>
                {OTHER_LANGS.map((l) => name(l, langName(l)))}
              </Stack>
            </AccordionDetails>
          </Accordion>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('precision', 'tp.instrument_new.precision', undefined, true)}
            {text('contract_size', 'tp.instrument_new.contract_size', 'tp.instrument_new.contract_size_hint', true)}
            {text('start_price', 'tp.instrument_new.start_price', 'tp.instrument_new.start_price_hint', true)}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('spread', 'tp.instruments.spread', 'tp.instruments.spread_hint', true)}
            {text('fee_rate', 'tp.instruments.fee_rate', 'tp.instruments.fee_rate_hint')}
            {text('leverage', 'tp.instruments.leverage', 'tp.instruments.leverage_hint', true)}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('min_lots', 'tp.instruments.min_lots', undefined, true)}
            {text('max_lots', 'tp.instruments.max_lots', undefined, true)}
            {text('lot_step', 'tp.instruments.lot_step', undefined, true)}
          </Stack>
          <SessionsEditor value={WEEKDAYS_UTC} onChange={setHours} />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{translate('tp.instruments.cancel')}</Button>
        <Button variant="contained" onClick={() => void create()} disabled={busy || !hours}>
          {translate('tp.instrument_new.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
