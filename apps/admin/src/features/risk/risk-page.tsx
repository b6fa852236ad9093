import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { ExposureAnswer, RiskAccount, RiskAnswer, TraderResult } from '@tradepad/contracts/admin-desk';
import {
  Alert,
  AlertTitle,
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { AccessDenied, Link, Loading, usePermissions, useTranslate } from 'react-admin';
import { mayUse } from '../../access.ts';
import { call } from '../../providers/http.ts';
import { useTimeLocale } from '../../ui/cells.tsx';
import { PageHead } from '../../ui/page-head.tsx';
import { money, signColor, usePoll } from '../../ui/poll.ts';

const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/**
 * The risk page reads the exposure and the lists every second (polling: each read is the live book's aggregate, a
 * few microseconds on the server, and one query for today's realised results).
 */
const REFRESH_MS = 1000;

const load = async (signal: AbortSignal) => {
  const [exposure, risk] = await Promise.all([
    call<ExposureAnswer>('GET', ADMIN_API.exposure, undefined, signal),
    call<RiskAnswer>('GET', ADMIN_API.risk, undefined, signal),
  ]);
  return { exposure: exposure.data, risk };
};

/**
 * Risk (issue 18 point 5): the house's net exposure per instrument over real accounts, live; the accounts nearest
 * stop-out; the margin calls; today's largest winners and losers; alerts when an instrument passes its limit.
 */
export function RiskPage() {
  const translate = useTranslate();
  const locale = useTimeLocale();
  const { permissions, isPending } = usePermissions<string>();
  const live = usePoll(load, REFRESH_MS, 'risk');
  if (isPending) return <Loading />;
  if (!mayUse(permissions, 'risk')) return <AccessDenied />;
  const rows = live.data?.exposure ?? [];
  const risk = live.data?.risk;
  const updated = live.at ? new Date(live.at).toLocaleTimeString(locale) : '—';

  return (
    <>
      <PageHead title="tp.risk.title" intro="tp.risk.intro" />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }} aria-live="off">
        {translate('tp.risk.updated', { time: updated })}
      </Typography>
      {live.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {live.error}
        </Alert>
      )}
      {risk && risk.alerts.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          <AlertTitle>{translate('tp.risk.alerts_title')}</AlertTitle>
          {risk.alerts.map((a) => (
            <div key={a.symbol}>{translate('tp.risk.alert', { symbol: a.symbol, net: a.net_lots, limit: a.limit_lots })}</div>
          ))}
        </Alert>
      )}
      <Section title="tp.risk.exposure">
        <Table size="small" aria-label={translate('tp.risk.exposure')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('tp.positions.symbol')}</TableCell>
              <TableCell sx={num}>{translate('tp.risk.positions')}</TableCell>
              <TableCell sx={num}>{translate('tp.risk.long')}</TableCell>
              <TableCell sx={num}>{translate('tp.risk.short')}</TableCell>
              <TableCell sx={num}>{translate('tp.risk.net')}</TableCell>
              <TableCell sx={num}>{translate('tp.risk.notional')}</TableCell>
              <TableCell sx={num}>{translate('tp.risk.house_pnl')}</TableCell>
              <TableCell sx={num}>{translate('tp.risk.limit')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.symbol} sx={r.over_limit ? { bgcolor: 'rgba(211, 47, 47, 0.08)' } : undefined}>
                <TableCell sx={{ fontWeight: 600 }}>
                  <Link to={`/positions?symbol=${r.symbol}`}>{r.symbol}</Link>
                </TableCell>
                <TableCell sx={num}>{r.positions}</TableCell>
                <TableCell sx={num}>{r.long_lots}</TableCell>
                <TableCell sx={num}>{r.short_lots}</TableCell>
                <TableCell sx={{ ...num, fontWeight: 600, color: r.over_limit ? 'error.main' : 'text.primary' }}>
                  {r.net_lots}
                </TableCell>
                <TableCell sx={num}>{money(r.net_notional_usd, locale)}</TableCell>
                <TableCell sx={{ ...num, color: signColor(r.house_unrealised_pnl), fontWeight: 600 }}>
                  {money(r.house_unrealised_pnl, locale)}
                </TableCell>
                <TableCell sx={{ ...num, color: 'text.secondary' }}>{r.limit_lots ?? '—'}</TableCell>
              </TableRow>
            ))}
            {live.data && rows.length === 0 && <Empty cols={8} text="tp.risk.no_exposure" />}
          </TableBody>
        </Table>
      </Section>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' }, mt: 2 }}>
        <Section
          title="tp.risk.nearest"
          hint={risk ? translate('tp.risk.levels', { call: risk.margin_call_level, out: risk.stop_out_level }) : undefined}
        >
          <Accounts rows={risk?.nearest_stop_out} empty="tp.risk.no_accounts" />
        </Section>
        <Section title="tp.risk.margin_calls">
          <Accounts rows={risk?.margin_calls} empty="tp.risk.no_margin_calls" />
        </Section>
        <Section title="tp.risk.winners">
          <Results rows={risk?.winners} empty="tp.risk.no_winners" />
        </Section>
        <Section title="tp.risk.losers">
          <Results rows={risk?.losers} empty="tp.risk.no_losers" />
        </Section>
      </Box>
    </>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {translate(title)}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Stack>
      <TableContainer component={Paper} variant="outlined">
        {children}
      </TableContainer>
    </Box>
  );
}

function Empty({ cols, text }: { cols: number; text: string }) {
  const translate = useTranslate();
  return (
    <TableRow>
      <TableCell colSpan={cols}>
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {translate(text)}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

function UserLink({ id, account }: { id: number; account: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <Link to={`/positions?user_id=${id}`}>{account || '—'}</Link>
      <Box component="small" sx={{ color: 'text.secondary' }}>
        {translate('tp.common.user_id_short', { id })}
      </Box>
    </Box>
  );
}

function Accounts({ rows, empty }: { rows: RiskAccount[] | undefined; empty: string }) {
  const translate = useTranslate();
  const locale = useTimeLocale();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('tp.common.user')}</TableCell>
          <TableCell sx={num}>{translate('tp.risk.margin_level')}</TableCell>
          <TableCell sx={num}>{translate('tp.risk.equity')}</TableCell>
          <TableCell sx={num}>{translate('tp.risk.used_margin')}</TableCell>
          <TableCell sx={num}>{translate('tp.risk.floating')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {(rows ?? []).map((a) => (
          <TableRow key={a.user_id}>
            <TableCell>
              <UserLink id={a.user_id} account={a.user_account} />
            </TableCell>
            <TableCell sx={{ ...num, fontWeight: 600 }}>{a.margin_level.toFixed(2)} %</TableCell>
            <TableCell sx={num}>{money(a.equity, locale)}</TableCell>
            <TableCell sx={num}>{money(a.used_margin, locale)}</TableCell>
            <TableCell sx={{ ...num, color: signColor(a.floating) }}>{money(a.floating, locale)}</TableCell>
          </TableRow>
        ))}
        {rows && rows.length === 0 && <Empty cols={5} text={empty} />}
      </TableBody>
    </Table>
  );
}

function Results({ rows, empty }: { rows: TraderResult[] | undefined; empty: string }) {
  const translate = useTranslate();
  const locale = useTimeLocale();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('tp.common.user')}</TableCell>
          <TableCell sx={num}>{translate('tp.risk.realised')}</TableCell>
          <TableCell sx={num}>{translate('tp.risk.unrealised')}</TableCell>
          <TableCell sx={num}>{translate('tp.risk.total')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {(rows ?? []).map((r) => (
          <TableRow key={r.user_id}>
            <TableCell>
              <UserLink id={r.user_id} account={r.user_account} />
            </TableCell>
            <TableCell sx={num}>{money(r.realised, locale)}</TableCell>
            <TableCell sx={num}>{money(r.unrealised, locale)}</TableCell>
            <TableCell sx={{ ...num, color: signColor(r.total), fontWeight: 600 }}>{money(r.total, locale)}</TableCell>
          </TableRow>
        ))}
        {rows && rows.length === 0 && <Empty cols={4} text={empty} />}
      </TableBody>
    </Table>
  );
}
