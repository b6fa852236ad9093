import type { AuditRecord } from '@tradepad/contracts/staff/ops';
import { ADMIN_API } from '@tradepad/contracts/api-paths';
import {
  Box,
  Button,
  Collapse,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import OpenIcon from '@mui/icons-material/KeyboardArrowDown';
import CloseIcon from '@mui/icons-material/KeyboardArrowUp';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { AccessDenied, Loading, useNotify, useTranslate } from 'react-admin';
import { useAccess } from '../../ui/use-access.ts';
import { apiGet } from '../../providers/http.ts';
import { ExportButton } from '../../ui/export-button.tsx';
import { PageHead } from '../../ui/page-head.tsx';

/** One line of a before/after comparison: a key and its two values as JSON text. */
export interface DiffLine {
  key: string;
  before: string;
  after: string;
  changed: boolean;
}

const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The before/after of an audit record, key by key (the union of both objects' keys, in order of first appearance);
 * values that are not objects compare as one line under the key '' .
 */
export function diffLines(before: unknown, after: unknown): DiffLine[] {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObj(before) && !isObj(after)) {
    const b = before === null || before === undefined ? '—' : show(before);
    const a = after === null || after === undefined ? '—' : show(after);
    return b === '—' && a === '—' ? [] : [{ key: '', before: b, after: a, changed: b !== a }];
  }
  const b = isObj(before) ? before : {};
  const a = isObj(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => {
    const bt = show(b[key]);
    const at = show(a[key]);
    return { key, before: bt, after: at, changed: bt !== at };
  });
}

interface Filters {
  staff_id: string;
  action: string;
  from: string;
  to: string;
}

/** The audit log (issue 18 point 9): who did what to which object, when and from where, with its before and after. */
export function AuditPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { may, isPending } = useAccess();
  const canRead = may('audit');
  const [filters, setFilters] = useState<Filters>({ staff_id: '', action: '', from: '', to: '' });
  const [applied, setApplied] = useState<Filters>(filters);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(25);
  const [rows, setRows] = useState<{ data: AuditRecord[]; total: number } | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  const load = useCallback(() => {
    apiGet(ADMIN_API.audit, { ...applied, page: page + 1, limit })
      .then(setRows)
      .catch((e: Error) => notify(e.message, { type: 'error' }));
  }, [applied, page, limit, notify]);
  useEffect(() => {
    if (canRead) load();
  }, [canRead, load]);

  if (isPending) return <Loading />;
  if (!canRead) return <AccessDenied />;
  const field = (k: keyof Filters, type = 'text') => (
    <TextField
      label={translate(`tp.audit.${k}`)}
      type={type}
      size="small"
      value={filters[k]}
      onChange={(e) => setFilters((f) => ({ ...f, [k]: e.target.value }))}
      slotProps={{ inputLabel: type === 'date' ? { shrink: true } : undefined, htmlInput: { name: k } }}
      fullWidth={false}
      sx={{ width: 200, my: 0 }}
    />
  );
  return (
    <>
      <PageHead title="tp.audit.title" intro="tp.audit.intro" />
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        component="form"
        sx={{ my: 2, flexWrap: 'wrap' }}
        onSubmit={(e) => {
          e.preventDefault();
          setPage(0);
          setApplied(filters);
        }}
      >
        {field('staff_id')}
        {field('action')}
        {field('from', 'date')}
        {field('to', 'date')}
        <Button type="submit" variant="contained">
          {translate('tp.audit.apply')}
        </Button>
        <ExportButton path={ADMIN_API.audit} name="audit" query={{ ...applied }} />
      </Stack>
      {!rows ? (
        <Loading />
      ) : (
        <TableContainer sx={{ bgcolor: 'background.paper', borderRadius: 1 }}>
          <Table size="small" aria-label={translate('tp.audit.title')}>
            <TableHead>
              <TableRow>
                <TableCell />
                <TableCell>{translate('tp.audit.when')}</TableCell>
                <TableCell>{translate('tp.audit.staff')}</TableCell>
                <TableCell>{translate('tp.audit.action_column')}</TableCell>
                <TableCell>{translate('tp.audit.object')}</TableCell>
                <TableCell>{translate('tp.audit.ip')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>{translate('tp.audit.none')}</TableCell>
                </TableRow>
              )}
              {rows.data.map((a) => (
                <Fragment key={a.id}>
                  <TableRow hover sx={{ '& > td': { borderBottom: open === a.id ? 'none' : undefined } }}>
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-label={translate('tp.audit.show_changes')}
                        aria-expanded={open === a.id}
                        onClick={() => setOpen(open === a.id ? null : a.id)}
                      >
                        {open === a.id ? <CloseIcon /> : <OpenIcon />}
                      </IconButton>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(a.created_at).toLocaleString()}</TableCell>
                    <TableCell>{a.staff_email || `#${a.staff_id ?? '—'}`}</TableCell>
                    <TableCell>
                      <code>{a.action}</code>
                    </TableCell>
                    <TableCell>
                      <code>{a.object}</code>
                    </TableCell>
                    <TableCell>{a.ip}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={6} sx={{ py: 0 }}>
                      <Collapse in={open === a.id} unmountOnExit>
                        <DiffTable before={a.before} after={a.after} />
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={rows.total}
            page={page}
            rowsPerPage={limit}
            rowsPerPageOptions={[25, 50, 100]}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setLimit(Number(e.target.value));
              setPage(0);
            }}
          />
        </TableContainer>
      )}
    </>
  );
}

/** Before and after side by side; changed values highlighted. */
function DiffTable({ before, after }: { before: unknown; after: unknown }) {
  const translate = useTranslate();
  const lines = diffLines(before, after);
  if (lines.length === 0)
    return (
      <Box sx={{ p: 2, color: 'text.secondary' }} role="note">
        {translate('tp.audit.no_changes')}
      </Box>
    );
  return (
    <Table size="small" sx={{ my: 1, '& td': { fontFamily: 'monospace', fontSize: 12, verticalAlign: 'top' } }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('tp.audit.field')}</TableCell>
          <TableCell>{translate('tp.audit.before')}</TableCell>
          <TableCell>{translate('tp.audit.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((l) => (
          <TableRow key={l.key || '-'}>
            <TableCell>{l.key}</TableCell>
            <TableCell sx={{ bgcolor: l.changed ? 'rgba(211, 47, 47, 0.08)' : undefined, wordBreak: 'break-all' }}>
              {l.before}
            </TableCell>
            <TableCell sx={{ bgcolor: l.changed ? 'rgba(46, 125, 50, 0.10)' : undefined, wordBreak: 'break-all' }}>
              {l.after}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
