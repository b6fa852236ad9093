import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { DeskPosition } from '@tradepad/contracts/desk/schemas';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { apiPost, newIdempotencyKey } from '../../providers/http.ts';
import { useTimeLocale } from '../../ui/cells.tsx';
import { money } from '../../ui/poll.ts';

/**
 * The Idempotency-Key of a request: the same while the request is the same (a second click or a retry after no answer
 * replays the first, which may have run), a new one once the dealer asks for something else (other lots or levels
 * after a refusal): the server refuses a key reused with other parameters.
 */
function useRequestKey(): (body: object) => string {
  const last = useRef<{ body: string; key: string } | undefined>(undefined);
  return (body) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
    return last.current.key;
  };
}

/** Digits and one decimal point only, as typed. */
const decimalText = (v: string) => v.replace(/[^\d.]/g, '').replace(/(\..*)\./g, '$1');

interface DialogProps {
  position: DeskPosition;
  onDone: () => void;
  onCancel: () => void;
}

/** The reason field both dialogs require (kept in the audit log, told to the trader). */
/** Which position a dialog acts on: side, lots, symbol, trader, price and P/L, the same words in both dialogs. */
function PositionSummary({ position: p, price }: { position: DeskPosition; price: DeskPosition['current_price'] }) {
  const translate = useTranslate();
  const locale = useTimeLocale();
  return (
    <DialogContentText sx={{ mb: 2 }}>
      {translate('tp.positions.close_summary', {
        side: translate(p.side === 1 ? 'tp.positions.buy' : 'tp.positions.sell'),
        lots: p.lots,
        symbol: p.symbol,
        user: p.user_account,
        price,
        profit: money(p.profit, locale),
      })}
    </DialogContentText>
  );
}

function ReasonField({ value, onChange, disabled }: { value: string; onChange: (v: string) => void; disabled: boolean }) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate('tp.positions.reason')}
      helperText={translate('tp.positions.reason_hint')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
      fullWidth
      multiline
      minRows={2}
      disabled={disabled}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
}

/**
 * The close's confirmation: what closes, how many lots (all by default; fewer closes that part and the rest stays
 * open, issue 32), a reason (required, kept in the audit log) and one Idempotency-Key per request, so a second click
 * or a retry closes once. The server's refusal (already closed, market closed, lots off the step) is shown.
 */
export function CloseDialog({ position: p, onDone, onCancel }: DialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const locale = useTimeLocale();
  const [reason, setReason] = useState('');
  const [lots, setLots] = useState(p.lots);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const keyFor = useRequestKey();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim() || busy) return;
    setBusy(true);
    setError('');
    // All the lots (as shown) is a whole close; anything else asks for that part.
    const whole = !lots.trim() || Number(lots) === Number(p.lots);
    const body = whole ? { reason: reason.trim() } : { reason: reason.trim(), cont: lots.trim() };
    apiPost(`${ADMIN_API.positions}/:id/close`, body, { id: p.id, idempotencyKey: keyFor(body) })
      .then((r) => {
        if (r.parent_id)
          notify('tp.positions.partial_ok', {
            type: 'success',
            messageArgs: {
              id: r.parent_id,
              lots: lots.trim(),
              rest: r.rest_lots,
              price: r.close_price,
              profit: money(r.profit, locale),
            },
          });
        else
          notify('tp.positions.closed_ok', {
            type: 'success',
            messageArgs: { id: r.id, price: r.close_price, profit: money(r.profit, locale) },
          });
        onDone();
      })
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)))
      .finally(() => setBusy(false));
  };

  return (
    <Dialog open onClose={busy ? undefined : onCancel} maxWidth="sm" fullWidth>
      <Box component="form" onSubmit={submit}>
        <DialogTitle>{translate('tp.positions.close_title', { id: p.id })}</DialogTitle>
        <DialogContent>
          <PositionSummary position={p} price={p.current_price} />
          <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
            {translate('tp.positions.close_market_note')}
          </Alert>
          <TextField
            label={translate('tp.positions.close_lots')}
            helperText={translate('tp.positions.close_lots_hint', { lots: p.lots })}
            value={lots}
            onChange={(e) => setLots(decimalText(e.target.value))}
            fullWidth
            disabled={busy}
            sx={{ mb: 2 }}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12, 'data-testid': 'close-lots' } }}
          />
          <ReasonField value={reason} onChange={setReason} disabled={busy} />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy || !reason.trim()}>
            {translate(
              busy
                ? 'tp.positions.closing'
                : Number(lots) > 0 && Number(lots) < Number(p.lots)
                  ? 'tp.positions.confirm_partial'
                  : 'tp.positions.confirm_close',
              { lots },
            )}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * New stop-loss and take-profit for a position or a pending order, on the trader's behalf (issue 32): prefilled with
 * the current levels, an emptied field removes that level, a reason is required; the server checks the levels as the
 * trader's own change and its refusal (a stop on the wrong side of the market) is shown. One Idempotency-Key a request.
 */
export function StopsDialog({ position: p, onDone, onCancel }: DialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [stopLoss, setStopLoss] = useState(p.stop_loss ? String(p.stop_loss) : '');
  const [takeProfit, setTakeProfit] = useState(p.take_profit ? String(p.take_profit) : '');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const keyFor = useRequestKey();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim() || busy) return;
    setBusy(true);
    setError('');
    const body = {
      stop_loss_price: stopLoss.trim() || '0',
      target_profit_price: takeProfit.trim() || '0',
      reason: reason.trim(),
    };
    apiPost(`${ADMIN_API.positions}/:id/stops`, body, { id: p.id, idempotencyKey: keyFor(body) })
      .then((r) => {
        notify('tp.positions.stops_ok', { type: 'success', messageArgs: { id: r.id } });
        onDone();
      })
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)))
      .finally(() => setBusy(false));
  };

  return (
    <Dialog open onClose={busy ? undefined : onCancel} maxWidth="sm" fullWidth>
      <Box component="form" onSubmit={submit}>
        <DialogTitle>{translate('tp.positions.stops_title', { id: p.id })}</DialogTitle>
        <DialogContent>
          <PositionSummary position={p} price={p.current_price || p.open_price} />
          <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
            {translate('tp.positions.stops_note')}
          </Alert>
          <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
            <TextField
              label={translate('tp.positions.stop_loss')}
              value={stopLoss}
              onChange={(e) => setStopLoss(decimalText(e.target.value))}
              fullWidth
              disabled={busy}
              helperText={translate('tp.positions.level_hint')}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20, 'data-testid': 'stops-sl' } }}
            />
            <TextField
              label={translate('tp.positions.take_profit')}
              value={takeProfit}
              onChange={(e) => setTakeProfit(decimalText(e.target.value))}
              fullWidth
              disabled={busy}
              helperText={translate('tp.positions.level_hint')}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20, 'data-testid': 'stops-tp' } }}
            />
          </Stack>
          <ReasonField value={reason} onChange={setReason} disabled={busy} />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !reason.trim()}>
            {translate(busy ? 'tp.positions.saving' : 'tp.positions.save_stops')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
