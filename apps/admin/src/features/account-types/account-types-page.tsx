import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { AccountType } from '@tradepad/contracts/account-types/schemas';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { AccessDenied, Loading, useTranslate } from 'react-admin';
import { apiGet, apiPost, newIdempotencyKey } from '../../providers/http.ts';
import { PageHead } from '../../ui/page-head.tsx';
import { usePoll } from '../../ui/poll.ts';
import { useAccess } from '../../ui/use-access.ts';

const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The form's values: text for numbers (exact, as typed), booleans for switches. */
interface Draft {
  id: number | null;
  name: string;
  description: string;
  spread_markup: string;
  commission_per_lot: string;
  fee_on_margin: boolean;
  max_leverage: string;
  margin_call_level: string;
  stop_out_level: string;
  free_margin_mode: AccountType['free_margin_mode'];
  swap_free: boolean;
  pending_margin: AccountType['pending_margin'];
  is_default: boolean;
  is_public: boolean;
}

const BLANK: Draft = {
  id: null,
  name: '',
  description: '',
  spread_markup: '0',
  commission_per_lot: '0',
  fee_on_margin: true,
  max_leverage: '',
  margin_call_level: '100',
  stop_out_level: '50',
  free_margin_mode: 'loss_only',
  swap_free: false,
  pending_margin: 'reserve',
  is_default: false,
  is_public: true,
};

const draftOf = (t: AccountType): Draft => ({
  ...t,
  id: t.id,
  spread_markup: String(t.spread_markup),
  max_leverage: t.max_leverage === null ? '' : String(t.max_leverage),
  margin_call_level: String(t.margin_call_level),
  stop_out_level: String(t.stop_out_level),
});

/**
 * Account types (DESIGN §16, MT5's groups): the published terms traders choose among, each one price for everyone in
 * it. Dealers and super admins list, create and change them; every change is audited and applies at once on every
 * node (prices, commission, levels). A trader's own type is changed on the user's page, with a reason.
 */
export function AccountTypesPage() {
  const translate = useTranslate();
  const { may, isPending } = useAccess();
  const list = usePoll((signal) => apiGet(ADMIN_API.accountTypes, undefined, { signal }), 10_000, 'account-types');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (isPending) return <Loading />;
  if (!may('account-types')) return <AccessDenied />;
  const acts = may('account-types', 'act');
  const rows = list.data?.data ?? [];
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  const save = async () => {
    if (!draft) return;
    setBusy(true);
    setError('');
    const body = {
      name: draft.name,
      description: draft.description,
      spread_markup: Number(draft.spread_markup),
      commission_per_lot: draft.commission_per_lot,
      fee_on_margin: draft.fee_on_margin,
      max_leverage: draft.max_leverage === '' ? null : Number(draft.max_leverage),
      margin_call_level: Number(draft.margin_call_level),
      stop_out_level: Number(draft.stop_out_level),
      free_margin_mode: draft.free_margin_mode,
      swap_free: draft.swap_free,
      pending_margin: draft.pending_margin,
      is_default: draft.is_default,
      is_public: draft.is_public,
    };
    try {
      const key = newIdempotencyKey();
      if (draft.id === null) await apiPost(ADMIN_API.accountTypes, body, { idempotencyKey: key });
      else await apiPost(`${ADMIN_API.accountTypes}/:id`, body, { id: draft.id, idempotencyKey: key });
      setDraft(null);
      list.reload();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const yes = (on: boolean) => translate(on ? 'tp.account_types.yes' : 'tp.account_types.no');
  return (
    <>
      <PageHead title="tp.account_types.title" intro="tp.account_types.intro" />
      {list.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error}
        </Alert>
      )}
      {acts && (
        <Stack direction="row" sx={{ my: 2 }}>
          <Button variant="contained" onClick={() => setDraft({ ...BLANK })} data-testid="account-type-add">
            {translate('tp.account_types.add')}
          </Button>
        </Stack>
      )}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={translate('tp.account_types.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('tp.account_types.name')}</TableCell>
              <TableCell sx={num}>{translate('tp.account_types.spread_markup')}</TableCell>
              <TableCell sx={num}>{translate('tp.account_types.commission_per_lot')}</TableCell>
              <TableCell>{translate('tp.account_types.fee_on_margin')}</TableCell>
              <TableCell sx={num}>{translate('tp.account_types.max_leverage')}</TableCell>
              <TableCell sx={num}>{translate('tp.account_types.levels')}</TableCell>
              <TableCell>{translate('tp.account_types.free_margin_mode')}</TableCell>
              <TableCell>{translate('tp.account_types.swap_free')}</TableCell>
              <TableCell>{translate('tp.account_types.pending_margin')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((t) => (
              <TableRow key={t.id} data-testid={`account-type-${t.name}`}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{t.name}</span>
                    {t.is_default && <Chip size="small" color="primary" label={translate('tp.account_types.default')} />}
                    {!t.is_public && <Chip size="small" variant="outlined" label={translate('tp.account_types.hidden')} />}
                  </Stack>
                </TableCell>
                <TableCell sx={num}>{t.spread_markup}</TableCell>
                <TableCell sx={num}>{t.commission_per_lot}</TableCell>
                <TableCell>{yes(t.fee_on_margin)}</TableCell>
                <TableCell sx={num}>{t.max_leverage === null ? '—' : `1:${t.max_leverage}`}</TableCell>
                <TableCell sx={num}>
                  {t.margin_call_level}% / {t.stop_out_level}%
                </TableCell>
                <TableCell>{translate(`tp.account_types.mode_${t.free_margin_mode}`)}</TableCell>
                <TableCell>{yes(t.swap_free)}</TableCell>
                <TableCell>{translate(`tp.account_types.pending_${t.pending_margin}`)}</TableCell>
                <TableCell>
                  {acts && (
                    <Button size="small" onClick={() => setDraft(draftOf(t))}>
                      {translate('tp.account_types.edit')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Dialog open={draft !== null} onClose={() => setDraft(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{translate(draft?.id === null ? 'tp.account_types.add' : 'tp.account_types.edit')}</DialogTitle>
        {draft && (
          <DialogContent>
            <Stack spacing={2} sx={{ mt: 1 }}>
              {error && <Alert severity="error">{error}</Alert>}
              <TextField
                label={translate('tp.account_types.name')}
                value={draft.name}
                onChange={(e) => set({ name: e.target.value })}
              />
              <TextField
                label={translate('tp.account_types.description')}
                value={draft.description}
                multiline
                onChange={(e) => set({ description: e.target.value })}
              />
              <Stack direction="row" spacing={2}>
                <TextField
                  label={translate('tp.account_types.spread_markup')}
                  helperText={translate('tp.account_types.spread_markup_hint')}
                  value={draft.spread_markup}
                  onChange={(e) => set({ spread_markup: e.target.value })}
                />
                <TextField
                  label={translate('tp.account_types.commission_per_lot')}
                  helperText={translate('tp.account_types.commission_hint')}
                  value={draft.commission_per_lot}
                  onChange={(e) => set({ commission_per_lot: e.target.value })}
                />
              </Stack>
              <Stack direction="row" spacing={2}>
                <TextField
                  label={translate('tp.account_types.max_leverage')}
                  helperText={translate('tp.account_types.max_leverage_hint')}
                  value={draft.max_leverage}
                  onChange={(e) => set({ max_leverage: e.target.value })}
                />
                <TextField
                  label={translate('tp.account_types.margin_call_level')}
                  value={draft.margin_call_level}
                  onChange={(e) => set({ margin_call_level: e.target.value })}
                />
                <TextField
                  label={translate('tp.account_types.stop_out_level')}
                  value={draft.stop_out_level}
                  onChange={(e) => set({ stop_out_level: e.target.value })}
                />
              </Stack>
              <Stack direction="row" spacing={2}>
                <TextField
                  select
                  fullWidth
                  label={translate('tp.account_types.free_margin_mode')}
                  value={draft.free_margin_mode}
                  onChange={(e) => set({ free_margin_mode: e.target.value as Draft['free_margin_mode'] })}
                >
                  <MenuItem value="loss_only">{translate('tp.account_types.mode_loss_only')}</MenuItem>
                  <MenuItem value="profit_and_loss">{translate('tp.account_types.mode_profit_and_loss')}</MenuItem>
                </TextField>
                <TextField
                  select
                  fullWidth
                  label={translate('tp.account_types.pending_margin')}
                  value={draft.pending_margin}
                  onChange={(e) => set({ pending_margin: e.target.value as Draft['pending_margin'] })}
                >
                  <MenuItem value="reserve">{translate('tp.account_types.pending_reserve')}</MenuItem>
                  <MenuItem value="on_fill">{translate('tp.account_types.pending_on_fill')}</MenuItem>
                </TextField>
              </Stack>
              <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
                {(['fee_on_margin', 'swap_free', 'is_public', 'is_default'] as const).map((k) => (
                  <FormControlLabel
                    key={k}
                    control={<Checkbox checked={draft[k]} onChange={(e) => set({ [k]: e.target.checked })} />}
                    label={translate(`tp.account_types.${k}`)}
                  />
                ))}
              </Stack>
            </Stack>
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={() => setDraft(null)}>{translate('tp.account_types.cancel')}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void save()} data-testid="account-type-save">
            {translate('tp.account_types.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
