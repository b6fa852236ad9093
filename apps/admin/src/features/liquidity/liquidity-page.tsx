import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { LiquiditySession, LiquiditySymbol } from '@tradepad/contracts/liquidity/schemas';
import {
  Alert,
  Chip,
  FormControlLabel,
  Paper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { AccessDenied, Loading, useNotify, useTranslate } from 'react-admin';
import { apiGet, apiPost, newIdempotencyKey } from '../../providers/http.ts';
import { useTimeLocale } from '../../ui/cells.tsx';
import { PageHead } from '../../ui/page-head.tsx';
import { usePoll } from '../../ui/poll.ts';
import { useAccess } from '../../ui/use-access.ts';
import { reasonText } from './reason-text.ts';

const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** The feed's state is in memory on the node running it: one read a second costs nothing. */
const REFRESH_MS = 1000;

const load = (signal: AbortSignal) => apiGet(ADMIN_API.liquidity, undefined, { signal });

const STATE_COLOR = { connected: 'success', connecting: 'warning', down: 'error' } as const;

/**
 * Liquidity (DESIGN §14): the FIX sessions to liquidity providers (state, since when, the last message, the error),
 * and per instrument the LP's symbol, the session quoting it, its bid and ask and how old the quote is; an instrument
 * the feed file does not map, or that every session rejected, is listed with the reason (it is closed).
 */
export function LiquidityPage() {
  const translate = useTranslate();
  const locale = useTimeLocale();
  const { may, isPending } = useAccess();
  const live = usePoll(load, REFRESH_MS, 'liquidity');
  if (isPending) return <Loading />;
  if (!may('liquidity')) return <AccessDenied />;
  const sessions = live.data?.sessions ?? [];
  // The instruments the feed file maps first; the unmapped (closed) ones after them.
  const symbols = [...(live.data?.symbols ?? [])].sort((a, b) => Number(a.lp_symbol === null) - Number(b.lp_symbol === null));
  const time = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleTimeString(locale));
  const updated = live.at ? new Date(live.at).toLocaleTimeString(locale) : '—';

  return (
    <>
      <PageHead title="tp.liquidity.title" intro="tp.liquidity.intro" />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }} aria-live="off">
        {translate('tp.liquidity.updated', { time: updated })}
      </Typography>
      {live.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {live.error}
        </Alert>
      )}
      {live.data && sessions.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('tp.liquidity.no_sessions')}
        </Alert>
      )}
      <HedgePause canAct={may('liquidity', 'act')} />
      <Section title="tp.liquidity.sessions">
        <Table size="small" aria-label={translate('tp.liquidity.sessions')}>
          <TableHead>
            <TableRow>
              {['name', 'role', 'state', 'since', 'last_message', 'error'].map((k) => (
                <TableCell key={k}>{translate(`tp.liquidity.${k}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {sessions.map((s: LiquiditySession) => (
              <TableRow key={`${s.role}:${s.name}`}>
                <TableCell sx={{ fontWeight: 600 }}>{s.name}</TableCell>
                <TableCell>{translate(`tp.liquidity.role_${s.role}`)}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATE_COLOR[s.state]} label={translate(`tp.liquidity.state_${s.state}`)} />
                </TableCell>
                <TableCell sx={num}>{time(s.since)}</TableCell>
                <TableCell sx={num}>{time(s.last_message_at)}</TableCell>
                <TableCell sx={{ color: 'error.main' }}>{s.error ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      <Section title="tp.liquidity.symbols">
        <Table size="small" aria-label={translate('tp.liquidity.symbols')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('tp.liquidity.instrument')}</TableCell>
              <TableCell>{translate('tp.liquidity.lp_symbol')}</TableCell>
              <TableCell>{translate('tp.liquidity.source')}</TableCell>
              <TableCell sx={num}>{translate('tp.liquidity.bid')}</TableCell>
              <TableCell sx={num}>{translate('tp.liquidity.ask')}</TableCell>
              <TableCell sx={num}>{translate('tp.liquidity.age')}</TableCell>
              <TableCell>{translate('tp.liquidity.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {symbols.map((s: LiquiditySymbol) => (
              <TableRow key={s.code} sx={s.lp_symbol === null ? { opacity: 0.6 } : undefined}>
                <TableCell sx={{ fontWeight: 600 }}>{s.code}</TableCell>
                <TableCell>{s.lp_symbol ?? '—'}</TableCell>
                <TableCell>{s.source ?? '—'}</TableCell>
                <TableCell sx={num}>{s.bid ?? '—'}</TableCell>
                <TableCell sx={num}>{s.ask ?? '—'}</TableCell>
                <TableCell sx={num}>
                  {s.age_ms === null ? '—' : translate('tp.liquidity.seconds', { n: (s.age_ms / 1000).toFixed(1) })}
                </TableCell>
                <TableCell sx={{ color: s.reason ? 'error.main' : undefined }}>{reasonText(s.reason, translate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
    </>
  );
}

const loadHedge = (signal: AbortSignal) => apiGet(ADMIN_API.hedgeState, undefined, { signal });

/**
 * The dealer's switch that pauses hedging (DESIGN §14, audited as `hedging.pause`): while paused, real client fills are
 * not hedged; orders already sent are still followed. Shown once `HEDGE` is configured.
 */
function HedgePause({ canAct }: { canAct: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const state = usePoll(loadHedge, REFRESH_MS * 5, 'hedge-state');
  const [busy, setBusy] = useState(false);
  if (!state.data?.configured) return null;
  const toggle = async (paused: boolean) => {
    setBusy(true);
    try {
      await apiPost(ADMIN_API.hedgeState, { paused }, { idempotencyKey: newIdempotencyKey() });
      notify(paused ? 'tp.liquidity.hedge_paused' : 'tp.liquidity.hedge_resumed', { type: 'info' });
      state.reload();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert severity={state.data.paused ? 'warning' : 'success'} variant="outlined" sx={{ mb: 2, alignItems: 'center' }}>
      <FormControlLabel
        control={
          <Switch
            checked={state.data.paused}
            disabled={!canAct || busy}
            onChange={(e) => void toggle(e.target.checked)}
            name="hedging_paused"
          />
        }
        label={translate('tp.liquidity.hedge_pause')}
      />
      <Typography variant="body2" component="span">
        {translate(state.data.paused ? 'tp.liquidity.hedge_paused_hint' : 'tp.liquidity.hedge_running_hint')}
      </Typography>
    </Alert>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate(title)}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        {children}
      </TableContainer>
    </>
  );
}
