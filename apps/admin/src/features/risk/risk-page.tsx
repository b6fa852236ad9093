import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { RiskAccount, TraderResult } from '@tradepad/contracts/desk/schemas';
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
import { AccessDenied, Link, Loading, useTranslate } from 'react-admin';
import { useAccess } from '../../ui/use-access.ts';
import { apiGet } from '../../providers/http.ts';
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
    apiGet(ADMIN_API.exposure, undefined, { signal }),
    apiGet(ADMIN_API.risk, undefined, { signal }),
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
  const { may, isPending } = useAccess();
  const live = usePoll(load, REFRESH_MS, 'risk');
  if (isPending) return <Loading />;
  if (!may('risk')) return <AccessDenied />;
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
              <TableCell sx={num}>{translate('tp.risk.hedged')}</TableCell>
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
                <TableCell sx={num}>{r.hedged_lots}</TableCell>
              </TableRow>
            ))}
            {live.data && rows.length === 0 && <Empty cols={9} text="tp.risk.no_exposure" />}
          </TableBody>
        </Table>
      </Section>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' }, mt: 2 }}>
        <Section
          title="tp.risk.nearest"
          hint={risk ? translate('tp.risk.levels', { call: risk.margin_call_level, out: risk.stop_out_level }) : undefined}
        >
          <UserTable rows={risk?.nearest_stop_out} columns={ACCOUNT_COLUMNS} empty="tp.risk.no_accounts" />
        </Section>
        <Section title="tp.risk.margin_calls">
          <UserTable rows={risk?.margin_calls} columns={ACCOUNT_COLUMNS} empty="tp.risk.no_margin_calls" />
        </Section>
        <Section title="tp.risk.winners">
          <UserTable rows={risk?.winners} columns={RESULT_COLUMNS} empty="tp.risk.no_winners" />
        </Section>
        <Section title="tp.risk.losers">
          <UserTable rows={risk?.losers} columns={RESULT_COLUMNS} empty="tp.risk.no_losers" />
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

/** A row of the risk page's account lists: whose it is. */
interface UserRow {
  user_id: number;
  user_account: string;
}

/** A figure column of a list of accounts: its heading, its value in the staff member's locale, its colour or weight. */
interface Column<T> {
  label: string;
  value: (row: T, locale: string) => ReactNode;
  style?: (row: T) => { color?: string; fontWeight?: number };
}

/** The accounts nearest stop-out and the margin calls. */
const ACCOUNT_COLUMNS: ReadonlyArray<Column<RiskAccount>> = [
  { label: 'tp.risk.margin_level', value: (a) => `${a.margin_level.toFixed(2)} %`, style: () => ({ fontWeight: 600 }) },
  { label: 'tp.risk.equity', value: (a, locale) => money(a.equity, locale) },
  { label: 'tp.risk.used_margin', value: (a, locale) => money(a.used_margin, locale) },
  {
    label: 'tp.risk.floating',
    value: (a, locale) => money(a.floating, locale),
    style: (a) => ({ color: signColor(a.floating) }),
  },
];

/** Today's largest winners and losers. */
const RESULT_COLUMNS: ReadonlyArray<Column<TraderResult>> = [
  { label: 'tp.risk.realised', value: (r, locale) => money(r.realised, locale) },
  { label: 'tp.risk.unrealised', value: (r, locale) => money(r.unrealised, locale) },
  {
    label: 'tp.risk.total',
    value: (r, locale) => money(r.total, locale),
    style: (r) => ({ color: signColor(r.total), fontWeight: 600 }),
  },
];

/** A list of traders' accounts: the user (a link to their positions), then the columns' figures. */
function UserTable<T extends UserRow>({
  rows,
  columns,
  empty,
}: {
  rows: T[] | undefined;
  columns: ReadonlyArray<Column<T>>;
  empty: string;
}) {
  const translate = useTranslate();
  const locale = useTimeLocale();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('tp.common.user')}</TableCell>
          {columns.map((c) => (
            <TableCell key={c.label} sx={num}>
              {translate(c.label)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {(rows ?? []).map((row) => (
          <TableRow key={row.user_id}>
            <TableCell>
              <UserLink id={row.user_id} account={row.user_account} />
            </TableCell>
            {columns.map((c) => (
              <TableCell key={c.label} sx={{ ...num, ...c.style?.(row) }}>
                {c.value(row, locale)}
              </TableCell>
            ))}
          </TableRow>
        ))}
        {rows && rows.length === 0 && <Empty cols={columns.length + 1} text={empty} />}
      </TableBody>
    </Table>
  );
}
