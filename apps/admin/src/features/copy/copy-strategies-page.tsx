import { ADMIN_API } from '@tradepad/contracts/api-paths';
import {
  COPY_STRATEGY_STATUSES,
  type AdminStrategy,
  type CopyAdminSortKey,
  type CopyStrategyStatus,
} from '@tradepad/contracts/copy/schemas';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { AccessDenied, Link, Loading, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { apiGet, withQuery } from '../../providers/http.ts';
import { signColor, usePoll } from '../../ui/poll.ts';
import { StatusChip } from '../../ui/status-chip.tsx';
import { useAccess } from '../../ui/use-access.ts';
import { CopyHead, useReadsStrategies } from './copy-head.tsx';
import { CopyPager } from './copy-pager.tsx';
import {
  drawdownPercent,
  drawdownSigned,
  exactUsd,
  nextSort,
  sortDirection,
  strategyStatus,
  NUM_CELL as num,
  type StrategySort,
} from './copy-view.ts';
import { ReturnText } from './strategy-figures.tsx';
import { StrategyFollowers } from './strategy-followers.tsx';
import { StrategyStatusDialog, type StatusAction } from './strategy-status-dialog.tsx';

/** Followers and money change as traders follow and unfollow: the list reads again every ten seconds. */
const REFRESH_MS = 10_000;

/**
 * Copy trading's strategies (issue 34, DESIGN §18): every provider's strategy with its state, followers and the money
 * they put in, and its figures after fees as traders see them (equity, 3-week and total return, largest drawdown),
 * filtered by state and sorted on the server by a figure, so an operator finds the strategy that is blowing up at the
 * top of the list. A row opens the rest of its figures, its fee terms and fees, and its followers below the table;
 * dealers and super admins suspend an open strategy or resume a suspended one, with a reason.
 */
export function CopyStrategiesPage() {
  const translate = useTranslate();
  const { may, isPending } = useAccess();
  const readsStrategies = useReadsStrategies();
  const [status, setStatus] = useState<CopyStrategyStatus | ''>('');
  const [sort, setSort] = useState<StrategySort>('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [shown, setShown] = useState<AdminStrategy | null>(null);
  const [acting, setActing] = useState<{ strategy: AdminStrategy; action: StatusAction } | null>(null);
  const query = { status: status || undefined, sort: sort || undefined, page, limit };
  const list = usePoll(
    // Finance reads only the fees (it is sent there below): no call it would be refused.
    (signal) => (readsStrategies ? apiGet(ADMIN_API.copyStrategies, query, { signal }) : Promise.resolve(undefined)),
    REFRESH_MS,
    `${withQuery(ADMIN_API.copyStrategies, query)}:${readsStrategies}`,
  );
  if (isPending) return <Loading />;
  if (!may('copy')) return <AccessDenied />;
  if (!readsStrategies) return <Navigate to="/copy/fees" replace />;
  const acts = may('copy', 'act');
  const rows = list.data?.data ?? [];
  // The followers shown belong to the row as last read (its name and state follow a suspension).
  const current = shown ? (rows.find((r) => r.id === shown.id) ?? shown) : null;
  /** A column's heading that sorts the list by its figure: highest first, then lowest first. */
  const sortable = (key: CopyAdminSortKey, label: string) => (
    <TableCell sx={num} sortDirection={sortDirection(sort, key) ?? false}>
      <TableSortLabel
        active={sortDirection(sort, key) !== undefined}
        direction={sortDirection(sort, key) ?? 'desc'}
        // The arrow before the label, so a right-aligned heading ends where its figures end.
        sx={{ flexDirection: 'row-reverse' }}
        onClick={() => {
          setSort(nextSort(sort, key));
          setPage(1);
        }}
        data-testid={`copy-sort-${key}`}
      >
        {translate(label)}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <>
      <CopyHead tab="strategies" />
      {list.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 2 }}>
        <TextField
          select
          size="small"
          label={translate('tp.copy.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as CopyStrategyStatus | '');
            setPage(1);
          }}
          sx={{ width: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="copy-status-filter"
        >
          <MenuItem value="">{translate('tp.copy.all_statuses')}</MenuItem>
          {COPY_STRATEGY_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`tp.copy.status_${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TableContainer component={Paper} variant="outlined">
        {/* Nine columns at 1280 px: the cells' side padding halved so the actions stay in view. */}
        <Table size="small" aria-label={translate('tp.copy.tab_strategies')} sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('tp.copy.strategy')}</TableCell>
              <TableCell>{translate('tp.copy.provider')}</TableCell>
              <TableCell>{translate('tp.copy.status')}</TableCell>
              {sortable('followers', 'tp.copy.followers')}
              {sortable('equity', 'tp.copy.equity')}
              {sortable('three_week_rate', 'tp.copy.three_week_rate_short')}
              {sortable('total_rate', 'tp.copy.total_rate_short')}
              {sortable('max_drawdown', 'tp.copy.max_drawdown_short')}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={9} sx={{ color: 'text.secondary' }}>
                  {translate('tp.copy.none')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((s) => (
              <TableRow key={s.id} hover selected={current?.id === s.id} data-testid={`copy-strategy-${s.id}`}>
                <TableCell sx={{ maxWidth: 220 }} title={s.description}>
                  <strong>{s.name}</strong>
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
                    #{s.id}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link to={`/users/${s.provider_id}/show`}>{s.provider_uid}</Link>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {translate('tp.common.user_id_short', { id: s.provider_id })}
                  </Typography>
                </TableCell>
                <TableCell sx={{ minWidth: 96, maxWidth: 180 }}>
                  <StatusChip info={strategyStatus(s.status)} />
                  {s.status === 'suspended' && s.suspend_reason && (
                    <Typography variant="caption" color="text.secondary" component="div" data-testid="copy-suspend-reason">
                      {translate('tp.copy.suspend_reason', { reason: s.suspend_reason })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={num}>
                  {/* The count opens the followers below the table (again: closes them). */}
                  <Button
                    size="small"
                    onClick={() => setShown(current?.id === s.id ? null : s)}
                    aria-expanded={current?.id === s.id}
                    title={translate('tp.copy.show_followers')}
                    data-testid={`copy-followers-${s.id}`}
                    sx={{ minWidth: 0, fontVariantNumeric: 'tabular-nums' }}
                  >
                    {s.followers} ▸
                  </Button>
                  <Typography variant="caption" color="text.secondary" component="div" title={translate('tp.copy.invested')}>
                    {translate('tp.copy.usd', { amount: exactUsd(s.invested) })}
                  </Typography>
                </TableCell>
                <TableCell sx={num}>{exactUsd(s.equity)}</TableCell>
                <TableCell sx={num}>
                  <ReturnText text={s.three_week_rate} />
                </TableCell>
                <TableCell sx={num}>
                  <ReturnText text={s.total_rate} testId={`copy-total-rate-${s.id}`} />
                </TableCell>
                <TableCell sx={{ ...num, color: signColor(drawdownSigned(s.max_drawdown)) }}>
                  {drawdownPercent(s.max_drawdown)}
                </TableCell>
                <TableCell sx={{ pl: 0 }}>
                  <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                    {acts && s.status === 'open' && (
                      <Button
                        size="small"
                        color="warning"
                        variant="outlined"
                        onClick={() => setActing({ strategy: s, action: 'suspend' })}
                        data-testid={`copy-suspend-${s.id}`}
                      >
                        {translate('tp.copy.suspend')}
                      </Button>
                    )}
                    {acts && s.status === 'suspended' && (
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => setActing({ strategy: s, action: 'resume' })}
                        data-testid={`copy-resume-${s.id}`}
                      >
                        {translate('tp.copy.resume')}
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <CopyPager
          total={list.data?.total ?? 0}
          page={page}
          limit={limit}
          onPage={setPage}
          onLimit={(l) => {
            setLimit(l);
            setPage(1);
          }}
        />
      </TableContainer>
      {current && <StrategyFollowers key={current.id} strategy={current} onHide={() => setShown(null)} />}
      {acting && (
        <StrategyStatusDialog
          strategy={acting.strategy}
          action={acting.action}
          onClose={() => setActing(null)}
          onDone={(changed) => {
            setActing(null);
            if (shown?.id === changed.id) setShown(changed);
            list.reload();
          }}
        />
      )}
      <Box sx={{ height: 16 }} />
    </>
  );
}
