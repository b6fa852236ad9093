import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { HedgeOrder, HedgeOrderStatus } from '@tradepad/contracts/hedging/schemas';
import {
  Alert,
  Chip,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { AccessDenied, Link, Loading, useTranslate } from 'react-admin';
import { apiGet, withQuery } from '../../providers/http.ts';
import { useTimeLocale } from '../../ui/cells.tsx';
import { timeParts } from '../../ui/format.ts';
import { PageHead } from '../../ui/page-head.tsx';
import { usePoll } from '../../ui/poll.ts';
import { useAccess } from '../../ui/use-access.ts';

const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** Orders change as the LP reports: the blotter reads again every two seconds. */
const REFRESH_MS = 2000;

const STATUSES = [
  'pending',
  'new',
  'partial',
  'filled',
  'cancelled',
  'rejected',
  'unknown',
] as const satisfies readonly HedgeOrderStatus[];
const STATUS_COLOR = {
  pending: 'default',
  new: 'info',
  partial: 'info',
  filled: 'success',
  cancelled: 'warning',
  rejected: 'error',
  unknown: 'error',
} as const satisfies Record<HedgeOrderStatus, string>;

/**
 * The hedge blotter (DESIGN §14): every order sent to the hedging LP over FIX, newest first, with the client fill it
 * follows, its IOC limit, what the LP filled and at what average price, and why it was rejected, cancelled or is
 * unknown. Pausing hedging is on the Liquidity page; this page says when it is paused.
 */
export function HedgeOrdersPage() {
  const translate = useTranslate();
  const locale = useTimeLocale();
  const { may, isPending } = useAccess();
  const [status, setStatus] = useState<HedgeOrderStatus | ''>('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const query = { status: status || undefined, page, limit };
  const list = usePoll(
    (signal) => apiGet(ADMIN_API.hedgeOrders, query, { signal }),
    REFRESH_MS,
    withQuery(ADMIN_API.hedgeOrders, query),
  );
  const state = usePoll((signal) => apiGet(ADMIN_API.hedgeState, undefined, { signal }), REFRESH_MS * 2, 'hedge-state');
  if (isPending) return <Loading />;
  if (!may('hedge')) return <AccessDenied />;
  const rows = list.data?.data ?? [];
  const time = (ms: number) => (timeParts(ms, locale) ?? []).join(' ');

  return (
    <>
      <PageHead title="tp.hedge.title" intro="tp.hedge.intro" />
      {state.data && !state.data.configured && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('tp.hedge.not_configured')}
        </Alert>
      )}
      {state.data?.paused && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('tp.hedge.paused_note')} <Link to="/liquidity">{translate('tp.nav.liquidity')}</Link>
        </Alert>
      )}
      {list.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 2 }}>
        <TextField
          select
          size="small"
          label={translate('tp.hedge.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as HedgeOrderStatus | '');
            setPage(1);
          }}
          sx={{ width: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{translate('tp.hedge.all_statuses')}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`tp.hedge.status_${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {state.data?.session && (
          <Typography variant="body2" color="text.secondary">
            {translate('tp.hedge.session', {
              name: state.data.session.name,
              state: translate(`tp.liquidity.state_${state.data.session.state}`),
            })}
          </Typography>
        )}
      </Stack>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={translate('tp.hedge.title')}>
          <TableHead>
            <TableRow>
              <TableCell>
                {translate('tp.hedge.time')} · {translate('tp.hedge.cl_ord_id')}
              </TableCell>
              <TableCell>{translate('tp.hedge.symbol')}</TableCell>
              <TableCell>{translate('tp.hedge.side')}</TableCell>
              <TableCell sx={num}>{translate('tp.hedge.qty')}</TableCell>
              <TableCell sx={num}>{translate('tp.hedge.limit_price')}</TableCell>
              <TableCell>{translate('tp.hedge.status')}</TableCell>
              <TableCell sx={num}>{translate('tp.hedge.filled_qty')}</TableCell>
              <TableCell sx={num}>{translate('tp.hedge.avg_price')}</TableCell>
              <TableCell>{translate('tp.hedge.client')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={9} sx={{ color: 'text.secondary' }}>
                  {translate('tp.hedge.none')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((o: HedgeOrder) => (
              <TableRow key={o.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {time(o.created_at)}
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ fontFamily: 'monospace' }}>
                    {o.cl_ord_id}
                  </Typography>
                </TableCell>
                <TableCell>
                  <strong>{o.symbol}</strong>
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
                    {o.lp_symbol}
                  </Typography>
                </TableCell>
                <TableCell sx={{ color: o.side === 1 ? 'success.main' : 'error.main', fontWeight: 600 }}>
                  {translate(o.side === 1 ? 'tp.hedge.buy' : 'tp.hedge.sell')}
                </TableCell>
                <TableCell sx={num}>{o.qty}</TableCell>
                <TableCell sx={num}>{o.limit_price}</TableCell>
                <TableCell sx={{ maxWidth: 220 }}>
                  <Chip size="small" color={STATUS_COLOR[o.status]} label={translate(`tp.hedge.status_${o.status}`)} />
                  {o.reason && (
                    <Typography variant="caption" color="text.secondary" component="div" title={translate('tp.hedge.reason')}>
                      {o.reason}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={num}>{o.filled_qty}</TableCell>
                <TableCell sx={num}>{o.avg_price === '0' ? '—' : o.avg_price}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  #{o.client_order_id} · {translate(`tp.hedge.fill_${o.client_fill}`)}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {translate(`tp.hedge.mode_${o.mode}`)}
                  </Typography>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={page - 1}
          rowsPerPage={limit}
          rowsPerPageOptions={[20, 50, 100]}
          onPageChange={(_e, p) => setPage(p + 1)}
          onRowsPerPageChange={(e) => {
            setLimit(Number(e.target.value));
            setPage(1);
          }}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) =>
            translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
          }
        />
      </TableContainer>
    </>
  );
}
