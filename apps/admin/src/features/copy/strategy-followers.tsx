import { ADMIN_API, pathWithId } from '@tradepad/contracts/api-paths';
import type { AdminFollower, AdminStrategy } from '@tradepad/contracts/copy/schemas';
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
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link, useTranslate } from 'react-admin';
import { apiGet, withQuery } from '../../providers/http.ts';
import { useTimeLocale } from '../../ui/cells.tsx';
import { formatTime } from '../../ui/format.ts';
import { usePoll } from '../../ui/poll.ts';
import { StatusChip } from '../../ui/status-chip.tsx';
import { CopyPager } from './copy-pager.tsx';
import { exactUsd, followStatus, NUM_CELL as num } from './copy-view.ts';
import { StrategyFigures } from './strategy-figures.tsx';

/** Equity moves with the copies' prices: the list reads again every five seconds while it is shown. */
const REFRESH_MS = 5000;

type FollowFilter = '' | AdminFollower['status'];

/**
 * One strategy's follows, active and ended (DESIGN §18): who follows, how their copies are sized, what they put in,
 * the copy account's equity and high-water mark, the fees they paid and, once ended, why and what came back.
 */
export function StrategyFollowers({ strategy, onHide }: { strategy: AdminStrategy; onHide: () => void }) {
  const translate = useTranslate();
  const locale = useTimeLocale();
  const [status, setStatus] = useState<FollowFilter>('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const query = { status: status || undefined, page, limit };
  const list = usePoll(
    (signal) => apiGet(ADMIN_API.copyStrategyFollowers, query, { id: strategy.id, signal }),
    REFRESH_MS,
    withQuery(pathWithId(ADMIN_API.copyStrategyFollowers, strategy.id), query),
  );
  const rows = list.data?.data ?? [];
  const usd = (text: string) => exactUsd(text);

  return (
    <Box component="section" aria-labelledby="copy-followers-title" sx={{ mt: 3 }} data-testid="copy-followers">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" id="copy-followers-title">
          {translate('tp.copy.followers_of', { name: strategy.name })}
        </Typography>
        <TextField
          select
          size="small"
          label={translate('tp.copy.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as FollowFilter);
            setPage(1);
          }}
          sx={{ width: 180 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{translate('tp.copy.all_follows')}</MenuItem>
          <MenuItem value="following">{translate('tp.copy.follow_following')}</MenuItem>
          <MenuItem value="ended">{translate('tp.copy.follow_ended')}</MenuItem>
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button size="small" onClick={onHide}>
          {translate('tp.copy.hide_followers')}
        </Button>
      </Stack>
      <StrategyFigures strategy={strategy} />
      {list.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error}
        </Alert>
      )}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-labelledby="copy-followers-title">
          <TableHead>
            <TableRow>
              <TableCell>{translate('tp.copy.follower')}</TableCell>
              <TableCell>{translate('tp.copy.mode')}</TableCell>
              <TableCell sx={num}>{translate('tp.copy.invested')}</TableCell>
              <TableCell sx={num}>{translate('tp.copy.equity')}</TableCell>
              <TableCell sx={num}>{translate('tp.copy.hwm')}</TableCell>
              <TableCell sx={num}>{translate('tp.copy.fees_paid')}</TableCell>
              <TableCell sx={num}>{translate('tp.copy.returned')}</TableCell>
              <TableCell>{translate('tp.copy.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={8} sx={{ color: 'text.secondary' }}>
                  {translate('tp.copy.no_followers')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((f) => (
              <TableRow key={f.id} hover data-testid={`copy-follower-${f.id}`}>
                <TableCell>
                  <Link to={`/users/${f.follower_id}/show`}>{f.follower_uid}</Link>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {translate('tp.copy.copy_account', { id: f.account_user_id })}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {translate(`tp.copy.mode_${f.mode}`, { value: f.value })}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {f.equity_stop_percent > 0
                      ? translate('tp.copy.equity_stop', { percent: f.equity_stop_percent })
                      : translate('tp.copy.no_equity_stop')}
                  </Typography>
                </TableCell>
                <TableCell sx={num}>{usd(f.invested)}</TableCell>
                <TableCell sx={num}>{f.status === 'following' ? usd(f.equity) : '—'}</TableCell>
                <TableCell sx={num}>{usd(f.high_water_mark)}</TableCell>
                <TableCell sx={num}>{usd(f.fees_paid)}</TableCell>
                <TableCell sx={num}>{f.status === 'ended' ? usd(f.returned) : '—'}</TableCell>
                <TableCell>
                  <StatusChip info={followStatus(f.status, f.end_reason)} />
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
                    {translate('tp.copy.since', { time: formatTime(f.started_at, locale) })}
                  </Typography>
                  {f.status === 'ended' && (
                    <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
                      {translate('tp.copy.until', { time: formatTime(f.ended_at, locale) })}
                    </Typography>
                  )}
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
    </Box>
  );
}
