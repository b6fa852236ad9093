import type { DailyReportRow, MonthlyReportRow } from '@tradepad/contracts/staff/ops';
import { ADMIN_API } from '@tradepad/contracts/api-paths';
import {
  Alert,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { AccessDenied, Loading, useTranslate } from 'react-admin';
import { useAccess } from '../../ui/use-access.ts';
import { apiGet, session, withQuery } from '../../providers/http.ts';
import { PageHead } from '../../ui/page-head.tsx';

const COLUMNS = ['deposits', 'withdrawals', 'fees', 'trading_pnl', 'write_offs', 'adjustments'] as const;
type Row = (DailyReportRow | MonthlyReportRow) & { date?: string; month?: string };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first day of this month and today (UTC): the range the page opens on. */
export function defaultRange(now = Date.now()): { from: string; to: string } {
  const today = isoDay(now);
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/**
 * Reports (issue 18 point 9): money per day or month from the ledger, real accounts only, and its CSV (whose header
 * is the same in every language). Finance and super admins.
 */
export function ReportsPage() {
  const translate = useTranslate();
  const { may, isPending } = useAccess();
  const canRead = may('reports');
  const [range, setRange] = useState(defaultRange());
  const [period, setPeriod] = useState<'daily' | 'monthly'>('daily');
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const path = period === 'daily' ? ADMIN_API.reportsDaily : ADMIN_API.reportsMonthly;

  const load = useCallback(() => {
    setError(null);
    (period === 'daily' ? apiGet(ADMIN_API.reportsDaily, range) : apiGet(ADMIN_API.reportsMonthly, range))
      .then((r) => setRows(r.data))
      .catch((e: Error) => setError(e.message));
  }, [period, range]);
  useEffect(() => {
    if (canRead) load();
  }, [canRead, load]);

  const download = async () => {
    const res = await fetch(withQuery(path, { ...range, format: 'csv' }), {
      headers: { authorization: session.get() ?? '' },
    });
    if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/csv')) {
      setError(translate('tp.reports.download_failed'));
      return;
    }
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `${period}-${range.from}-${range.to}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };

  if (isPending) return <Loading />;
  if (!canRead) return <AccessDenied />;
  return (
    <>
      <PageHead title="tp.reports.title" intro="tp.reports.intro" />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ my: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {(['from', 'to'] as const).map((k) => (
          <TextField
            key={k}
            type="date"
            size="small"
            label={translate(`tp.reports.${k}`)}
            value={range[k]}
            onChange={(e) => setRange((r) => ({ ...r, [k]: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { name: k } }}
            fullWidth={false}
            sx={{ width: 200, my: 0 }}
          />
        ))}
        <ToggleButtonGroup
          exclusive
          size="small"
          value={period}
          onChange={(_, v: 'daily' | 'monthly' | null) => v && setPeriod(v)}
          aria-label={translate('tp.reports.period')}
        >
          <ToggleButton value="daily">{translate('tp.reports.daily')}</ToggleButton>
          <ToggleButton value="monthly">{translate('tp.reports.monthly')}</ToggleButton>
        </ToggleButtonGroup>
        <Button variant="outlined" onClick={() => void download()}>
          {translate('tp.reports.csv')}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {!rows ? (
        !error && <Loading />
      ) : (
        <TableContainer sx={{ bgcolor: 'background.paper', borderRadius: 1 }}>
          <Table size="small" aria-label={translate('tp.reports.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(period === 'daily' ? 'tp.reports.date' : 'tp.reports.month')}</TableCell>
                {COLUMNS.map((c) => (
                  <TableCell key={c} align="right">
                    {translate(`tp.reports.${c}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.date ?? r.month} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.date ?? r.month}</TableCell>
                  {COLUMNS.map((c) => (
                    <TableCell
                      key={c}
                      align="right"
                      sx={{ fontVariantNumeric: 'tabular-nums', color: r[c].startsWith('-') ? 'error.main' : undefined }}
                    >
                      {r[c]}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
