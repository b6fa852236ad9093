import { ADMIN_API } from '@tradepad/contracts/api-paths';
import { COPY_FEE_KINDS, type CopyFeeKind } from '@tradepad/contracts/copy/schemas';
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
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { AccessDenied, Link, Loading, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { apiGet, withQuery } from '../../providers/http.ts';
import { useTimeLocale } from '../../ui/cells.tsx';
import { formatTime } from '../../ui/format.ts';
import { usePoll } from '../../ui/poll.ts';
import { useAccess } from '../../ui/use-access.ts';
import { CopyHead, useReadsStrategies } from './copy-head.tsx';
import { CopyPager } from './copy-pager.tsx';
import { exactUsd, feePeriod, NUM_CELL as num } from './copy-view.ts';

const REFRESH_MS = 15_000;
/** The strategy filter offers the first hundred strategies (the list call's largest page). */
const STRATEGY_CHOICES = { page: 1, limit: 100 } as const;

/**
 * The fees copy trading charged (DESIGN §18), newest first: each a ledger entry from a follower's copy account to the
 * provider, with what it was reckoned on (equity above the high-water mark for a performance fee, the day's equity for
 * a management fee) and the month or day it settles. Filtered by strategy (`?strategy_id=` opens it filtered, as the
 * strategies' rows link here) and kind.
 */
export function CopyFeesPage() {
  const translate = useTranslate();
  const locale = useTimeLocale();
  const { may, isPending } = useAccess();
  const readsStrategies = useReadsStrategies();
  const [search, setSearch] = useSearchParams();
  const strategyId = /^\d+$/.test(search.get('strategy_id') ?? '') ? Number(search.get('strategy_id')) : undefined;
  const [kind, setKind] = useState<CopyFeeKind | ''>('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const query = { strategy_id: strategyId, kind: kind || undefined, page, limit };
  const list = usePoll(
    (signal) => apiGet(ADMIN_API.copyFees, query, { signal }),
    REFRESH_MS,
    withQuery(ADMIN_API.copyFees, query),
  );
  const strategies = usePoll(
    // The strategies' names, for the roles that read them; finance filters by the ones its fees name.
    (signal) => (readsStrategies ? apiGet(ADMIN_API.copyStrategies, STRATEGY_CHOICES, { signal }) : Promise.resolve(undefined)),
    REFRESH_MS * 4,
    `copy-fee-strategies:${readsStrategies}`,
  );
  if (isPending) return <Loading />;
  if (!may('copy')) return <AccessDenied />;
  const rows = list.data?.data ?? [];
  const named = strategies.data?.data ?? rows.map((f) => ({ id: f.strategy_id, name: f.strategy_name }));
  const choices = named.filter((s, i) => named.findIndex((o) => o.id === s.id) === i);

  return (
    <>
      <CopyHead tab="fees" />
      {list.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 2 }}>
        <TextField
          select
          size="small"
          label={translate('tp.copy.strategy')}
          value={strategyId === undefined ? '' : String(strategyId)}
          onChange={(e) => {
            setSearch(e.target.value ? { strategy_id: e.target.value } : {}, { replace: true });
            setPage(1);
          }}
          sx={{ width: 260 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="copy-fee-strategy"
        >
          <MenuItem value="">{translate('tp.copy.all_strategies')}</MenuItem>
          {/* A strategy beyond the first hundred, opened from its row, is still offered. */}
          {strategyId !== undefined && !choices.some((s) => s.id === strategyId) && (
            <MenuItem value={String(strategyId)}>#{strategyId}</MenuItem>
          )}
          {choices.map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.name} (#{s.id})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('tp.copy.fee_kind')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as CopyFeeKind | '');
            setPage(1);
          }}
          sx={{ width: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="copy-fee-kind"
        >
          <MenuItem value="">{translate('tp.copy.all_kinds')}</MenuItem>
          {COPY_FEE_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {translate(`tp.copy.kind_${k}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={translate('tp.copy.tab_fees')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('tp.copy.charged')}</TableCell>
              <TableCell>{translate('tp.copy.strategy')}</TableCell>
              <TableCell>{translate('tp.copy.follower')}</TableCell>
              <TableCell>{translate('tp.copy.provider')}</TableCell>
              <TableCell>{translate('tp.copy.fee_kind')}</TableCell>
              <TableCell>{translate('tp.copy.period')}</TableCell>
              <TableCell sx={num}>{translate('tp.copy.basis')}</TableCell>
              <TableCell sx={num}>{translate('tp.copy.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={8} sx={{ color: 'text.secondary' }}>
                  {translate('tp.copy.no_fees')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((f) => (
              <TableRow key={f.id} hover data-testid={`copy-fee-${f.id}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(f.created_at, locale)}</TableCell>
                <TableCell>
                  {f.strategy_name}
                  <Typography variant="caption" color="text.secondary" component="div">
                    #{f.strategy_id}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Link to={`/users/${f.follower_id}/show`}>{f.follower_uid}</Link>
                </TableCell>
                <TableCell>
                  <Link to={`/users/${f.provider_id}/show`}>{f.provider_uid}</Link>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={f.kind === 'performance' ? 'primary' : 'default'}
                    label={translate(`tp.copy.kind_${f.kind}`)}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {feePeriod(f.kind, f.period_start)}
                </TableCell>
                <TableCell sx={num} title={translate(`tp.copy.basis_${f.kind}`)}>
                  {exactUsd(f.basis)}
                </TableCell>
                <TableCell sx={{ ...num, fontWeight: 600 }}>{exactUsd(f.amount)}</TableCell>
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
    </>
  );
}
