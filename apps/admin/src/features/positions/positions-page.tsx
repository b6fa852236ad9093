import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { DeskPosition } from '@tradepad/contracts/desk/schemas';
import {
  Alert,
  Box,
  Button,
  Chip,
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
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { AccessDenied, Loading, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useAccess } from '../../ui/use-access.ts';
import { apiGet, withQuery } from '../../providers/http.ts';
import { CloseDialog, StopsDialog } from './position-dialogs.tsx';
import { useTimeLocale } from '../../ui/cells.tsx';
import { timeParts } from '../../ui/format.ts';
import { ExportButton } from '../../ui/export-button.tsx';
import { PageHead } from '../../ui/page-head.tsx';
import { money, signColor, usePoll } from '../../ui/poll.ts';

const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** The live P/L is read again this often (the same figure the owner sees, from the engine). */
const REFRESH_MS = 1000;

interface Filters {
  status: 0 | 1;
  symbol: string;
  user_id: string;
  min_lots: string;
}

/**
 * The trading desk (issue 18 point 4): every trader's open positions or pending orders with the live P/L their owner
 * sees, filtered by instrument, user and size; a close at the market (whole or some lots, issue 32) and new stops,
 * each with a reason. Staff choose no price: the position closes at the published quote, as if its owner had closed
 * it, and new stops pass the owner's own checks.
 */
export function PositionsPage() {
  const translate = useTranslate();
  const { may, isPending } = useAccess();
  // The risk page links here with `?symbol=` or `?user_id=`.
  const [search] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() => ({
    status: search.get('status') === '0' ? 0 : 1,
    symbol: (search.get('symbol') ?? '').toUpperCase(),
    user_id: (search.get('user_id') ?? '').replace(/\D/g, ''),
    min_lots: '',
  }));
  const [applied, setApplied] = useState(filters);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [closing, setClosing] = useState<DeskPosition | undefined>();
  const [editing, setEditing] = useState<DeskPosition | undefined>();
  const query = { ...applied, page, limit };
  const url = withQuery(ADMIN_API.positions, query);
  const list = usePoll((signal) => apiGet(ADMIN_API.positions, query, { signal }), REFRESH_MS, url);
  if (isPending) return <Loading />;
  if (!may('positions')) return <AccessDenied />;
  const canClose = may('positions', 'act');

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setApplied(filters);
  };
  const rows = list.data?.data ?? [];

  return (
    <>
      <PageHead title="tp.positions.title" intro="tp.positions.intro" />
      <Stack
        component="form"
        onSubmit={apply}
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', my: 2 }}
      >
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filters.status}
          onChange={(_e, v: 0 | 1 | null) => {
            if (v === null) return;
            const next = { ...filters, status: v };
            setFilters(next);
            setApplied(next);
            setPage(1);
          }}
        >
          <ToggleButton value={1}>{translate('tp.positions.open')}</ToggleButton>
          <ToggleButton value={0}>{translate('tp.positions.pending')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          size="small"
          label={translate('tp.positions.symbol')}
          value={filters.symbol}
          onChange={(e) => setFilters({ ...filters, symbol: e.target.value.toUpperCase() })}
          slotProps={{ htmlInput: { maxLength: 16 } }}
          sx={{ width: 140 }}
        />
        <TextField
          size="small"
          label={translate('tp.positions.user_id')}
          value={filters.user_id}
          onChange={(e) => setFilters({ ...filters, user_id: e.target.value.replace(/\D/g, '') })}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
          sx={{ width: 140 }}
        />
        <TextField
          size="small"
          label={translate('tp.positions.min_lots')}
          value={filters.min_lots}
          onChange={(e) => setFilters({ ...filters, min_lots: e.target.value.replace(/[^\d.]/g, '') })}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12 } }}
          sx={{ width: 140 }}
        />
        <Button type="submit" variant="outlined">
          {translate('tp.positions.apply')}
        </Button>
        <ExportButton
          path={ADMIN_API.positions}
          name={applied.status === 1 ? 'positions' : 'pending-orders'}
          query={{ ...applied }}
        />
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          {translate('tp.positions.live')}
        </Typography>
      </Stack>
      {list.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error}
        </Alert>
      )}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={translate('tp.positions.title')} sx={{ '& th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('tp.common.id')}</TableCell>
              <TableCell>{translate(applied.status === 1 ? 'tp.positions.opened' : 'tp.positions.placed')}</TableCell>
              <TableCell>{translate('tp.common.user')}</TableCell>
              <TableCell>{translate('tp.positions.symbol')}</TableCell>
              <TableCell sx={num}>{translate('tp.positions.lots')}</TableCell>
              <TableCell sx={num}>
                {translate(applied.status === 1 ? 'tp.positions.open_price' : 'tp.positions.order_price')}
              </TableCell>
              <TableCell sx={num}>{translate('tp.positions.current_price')}</TableCell>
              <TableCell sx={num}>{translate('tp.positions.profit')}</TableCell>
              <TableCell sx={num}>{translate('tp.positions.stops')}</TableCell>
              {canClose && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((p) => (
              <PositionRow key={p.id} p={p} canAct={canClose} onClose={() => setClosing(p)} onStops={() => setEditing(p)} />
            ))}
            {list.data && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={10}>
                  <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
                    {translate(applied.status === 1 ? 'tp.positions.empty' : 'tp.positions.empty_pending')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
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
      {closing && (
        <CloseDialog
          position={closing}
          onDone={() => {
            setClosing(undefined);
            list.reload();
          }}
          onCancel={() => setClosing(undefined)}
        />
      )}
      {editing && (
        <StopsDialog
          position={editing}
          onDone={() => {
            setEditing(undefined);
            list.reload();
          }}
          onCancel={() => setEditing(undefined)}
        />
      )}
    </>
  );
}

function PositionRow(props: { p: DeskPosition; canAct: boolean; onClose: () => void; onStops: () => void }) {
  const { p, canAct, onClose, onStops } = props;
  const translate = useTranslate();
  const locale = useTimeLocale();
  const when = timeParts(p.status === 1 ? p.opened_at : p.created_at, locale);
  const stops = [p.stop_loss ? `SL ${p.stop_loss}` : '', p.take_profit ? `TP ${p.take_profit}` : ''].filter(Boolean);
  return (
    <TableRow hover>
      <TableCell>
        #{p.id}
        {/* A copy (issue 34) follows its provider's order; the strategy's name on hover. */}
        {p.copy_of > 0 && (
          <Chip
            size="small"
            variant="outlined"
            color="info"
            label={translate('tp.positions.copy_of', { id: p.copy_of })}
            title={p.strategy_name}
            data-testid={`copy-of-${p.id}`}
            sx={{ display: 'flex', width: 'fit-content', mt: 0.5, height: 18, fontSize: 11 }}
          />
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {when ? (
          <>
            {when[0]}
            <Box component="small" sx={{ display: 'block', color: 'text.secondary' }}>
              {when[1]}
            </Box>
          </>
        ) : (
          '—'
        )}
      </TableCell>
      <TableCell sx={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <span>{p.user_account || '—'}</span>
          <Box component="small" sx={{ color: 'text.secondary' }}>
            {translate('tp.common.user_id_short', { id: p.user_id })}
            {p.is_demo && <Chip size="small" label={translate('tp.positions.demo')} sx={{ ml: 1, height: 18 }} />}
          </Box>
        </Box>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {p.symbol}
        </Box>
        <Box component="small" sx={{ display: 'block' }}>
          <Box component="span" sx={{ color: p.side === 1 ? 'success.main' : 'error.main', fontWeight: 600 }}>
            {translate(p.side === 1 ? 'tp.positions.buy' : 'tp.positions.sell')}
          </Box>
          {p.status === 0 && (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' · '}
              {translate(`tp.positions.kind_${p.kind}`, { _: p.kind })}
            </Box>
          )}
        </Box>
      </TableCell>
      <TableCell sx={num}>{p.lots}</TableCell>
      <TableCell sx={num}>{p.open_price || '—'}</TableCell>
      <TableCell sx={num}>{p.current_price || '—'}</TableCell>
      <TableCell sx={{ ...num, color: signColor(p.profit), fontWeight: 600 }}>
        {p.status === 1 ? money(p.profit, locale) : '—'}
      </TableCell>
      {/* One level a line, so the user's column keeps its width when both are set. */}
      <TableCell sx={{ ...num, color: 'text.secondary' }}>
        {stops.length ? stops.map((s) => <Box key={s}>{s}</Box>) : '—'}
      </TableCell>
      {canAct && p.copy_of > 0 && (
        // The desk does not act on a copy alone (the server refuses it too): it moves with its provider's order.
        <TableCell sx={{ textAlign: 'right', maxWidth: 180 }}>
          <Typography variant="caption" color="text.secondary">
            {translate('tp.positions.copy_hint', { id: p.copy_of })}
          </Typography>
        </TableCell>
      )}
      {canAct && p.copy_of === 0 && (
        <TableCell sx={{ textAlign: 'right' }}>
          {/* One above the other: the row stays as wide as it was with one button (1280 px screens). */}
          <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
            <Button size="small" variant="outlined" onClick={onStops} data-testid={`stops-${p.id}`} sx={{ whiteSpace: 'nowrap' }}>
              {translate('tp.positions.stops_action')}
            </Button>
            {p.status === 1 && (
              <Button
                size="small"
                variant="outlined"
                color="error"
                onClick={onClose}
                data-testid={`close-${p.id}`}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {translate('tp.positions.close')}
              </Button>
            )}
          </Stack>
        </TableCell>
      )}
    </TableRow>
  );
}
