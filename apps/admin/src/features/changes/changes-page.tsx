import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { Change } from '@tradepad/contracts/staff/changes';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
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
import { useCallback, useEffect, useState } from 'react';
import { AccessDenied, Loading, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { apiGet, apiPost, newIdempotencyKey } from '../../providers/http.ts';
import { formatTime } from '../../ui/format.ts';
import { PageHead } from '../../ui/page-head.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';
import { useTimeLocale } from '../../ui/cells.tsx';
import { useAccess } from '../../ui/use-access.ts';
import { changeStatus, changedFields, fieldText } from './change-fields.ts';

type Decision = { change: Change; approve: boolean };

/**
 * The changes queue (issue 29, DESIGN §16 "Insiders"): new deposit and wire receiving details and new adjustment
 * limits wait here until a second staff member approves them. Each row shows what changes, before and after; its
 * author sees no buttons on their own change (the server refuses and audits such an attempt anyway).
 */
export function ChangesPage() {
  const translate = useTranslate();
  const locale = useTimeLocale();
  const notify = useNotify();
  const { may, role, isPending } = useAccess();
  const { identity } = useGetIdentity();
  const [status, setStatus] = useState<'0' | '1' | '2' | 'all'>('0');
  const [rows, setRows] = useState<Change[] | null>(null);
  const [error, setError] = useState('');
  const [deciding, setDeciding] = useState<Decision | undefined>();

  const load = useCallback(() => {
    apiGet(ADMIN_API.changes, { status: status === 'all' ? undefined : Number(status), limit: 100 })
      .then((page) => {
        setRows(page.data);
        setError('');
      })
      .catch((e: Error) => setError(e.message));
  }, [status]);
  useEffect(load, [load]);

  if (isPending) return <Loading />;
  if (!may('changes')) return <AccessDenied />;
  const mayAct = may('changes', 'act');

  return (
    <>
      <PageHead title="tp.changes.title" intro="tp.changes.intro" />
      <TextField
        select
        size="small"
        label={translate('tp.common.status')}
        value={status}
        onChange={(e) => setStatus(e.target.value as typeof status)}
        fullWidth={false}
        sx={{ width: 240, mb: 2 }}
      >
        <MenuItem value="0">{translate('tp.status.waiting')}</MenuItem>
        <MenuItem value="1">{translate('tp.status.approved')}</MenuItem>
        <MenuItem value="2">{translate('tp.status.rejected')}</MenuItem>
        <MenuItem value="all">{translate('tp.common.all')}</MenuItem>
      </TextField>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {rows === null ? (
        !error && <Loading />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3 }} data-testid="changes-empty">
          {translate('tp.changes.empty')}
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={translate('tp.changes.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('tp.common.id')}</TableCell>
                <TableCell>{translate('tp.changes.what')}</TableCell>
                <TableCell>{translate('tp.changes.field')}</TableCell>
                <TableCell>{translate('tp.changes.before')}</TableCell>
                <TableCell>{translate('tp.changes.after')}</TableCell>
                <TableCell>{translate('tp.changes.by')}</TableCell>
                <TableCell>{translate('tp.common.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => {
                const fields = changedFields(c);
                const own = String(c.created_by) === String(identity?.id);
                // The adjustment limits are a super admin's to decide (the server refuses anyone else).
                const theirs = c.kind !== 'setting' || role === 'super_admin';
                return (
                  <TableRow key={c.id} data-testid={`change-${c.id}`} sx={{ verticalAlign: 'top' }}>
                    <TableCell>{c.id}</TableCell>
                    <TableCell>
                      <strong>{translate(`tp.changes.kinds.${c.kind}`)}</strong>
                      <br />
                      <small>
                        {c.kind === 'setting'
                          ? ''
                          : c.target === ''
                            ? translate('tp.changes.new_channel')
                            : translate('tp.changes.channel', { id: c.target })}
                      </small>
                    </TableCell>
                    <TableCell>
                      {fields.map((f) => (
                        <div key={f}>{translate(`tp.changes.fields.${f}`, { _: f })}</div>
                      ))}
                    </TableCell>
                    <TableCell>
                      {fields.map((f) => (
                        <Box key={f} component="div" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
                          <code>{c.before ? fieldText(c.before[f]) : '—'}</code>
                        </Box>
                      ))}
                    </TableCell>
                    <TableCell>
                      {fields.map((f) => (
                        <Box key={f} component="div" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
                          <code>{fieldText(c.after[f])}</code>
                        </Box>
                      ))}
                    </TableCell>
                    <TableCell>
                      {c.created_by_email}
                      <br />
                      <small>{formatTime(c.created_at, locale)}</small>
                    </TableCell>
                    <TableCell>
                      <StatusChip info={changeStatus(c.status)} />
                      {c.reviewed_by_email && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {c.reviewed_by_email}
                          {c.remark ? ` · ${c.remark}` : ''}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      {c.status === 0 && mayAct && !own && theirs && (
                        <Stack spacing={0.5}>
                          <Button size="small" variant="contained" onClick={() => setDeciding({ change: c, approve: true })}>
                            {translate('tp.decision.approve')}
                          </Button>
                          <Button
                            size="small"
                            variant="outlined"
                            color="error"
                            onClick={() => setDeciding({ change: c, approve: false })}
                          >
                            {translate('tp.decision.reject')}
                          </Button>
                        </Stack>
                      )}
                      {c.status === 0 && (own || !theirs) && (
                        <Typography variant="caption" color="text.secondary">
                          {translate(own ? 'tp.changes.yours' : 'tp.changes.super_admin_only')}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {deciding && (
        <DecisionDialog
          decision={deciding}
          onClose={() => setDeciding(undefined)}
          onDone={() => {
            notify(deciding.approve ? 'tp.changes.approved' : 'tp.changes.rejected', { type: 'success' });
            setDeciding(undefined);
            load();
          }}
        />
      )}
    </>
  );
}

/** Approve (takes effect at once) or reject with a remark; the server's refusal shown as it words it. */
function DecisionDialog({ decision, onClose, onDone }: { decision: Decision; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [key] = useState(newIdempotencyKey);
  const { change, approve } = decision;
  const go = async () => {
    setBusy(true);
    setError('');
    try {
      await (approve
        ? apiPost(`${ADMIN_API.changes}/:id/approve`, {}, { id: change.id, idempotencyKey: key })
        : apiPost(`${ADMIN_API.changes}/:id/reject`, { remark: remark.trim() }, { id: change.id, idempotencyKey: key }));
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate(approve ? 'tp.changes.approve_title' : 'tp.changes.reject_title', { id: change.id })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {translate(approve ? 'tp.changes.approve_confirm' : 'tp.changes.reject_confirm')}
        </DialogContentText>
        {!approve && (
          <TextField
            label={translate('tp.common.remark')}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            fullWidth
            required
            multiline
            minRows={2}
            margin="dense"
          />
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          color={approve ? 'primary' : 'error'}
          disabled={busy || (!approve && remark.trim() === '')}
          onClick={() => void go()}
        >
          {translate(approve ? 'tp.decision.confirm_approve' : 'tp.decision.confirm_reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
