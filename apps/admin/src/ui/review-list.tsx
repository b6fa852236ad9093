import {
  Box,
  Card,
  CardContent,
  Drawer,
  IconButton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import {
  Datagrid,
  DatagridBody,
  DatagridRow,
  List,
  Pagination,
  RefreshButton,
  TextInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  useRefresh,
  useTranslate,
  type DatagridRowProps,
  type RaRecord,
} from 'react-admin';
import type { StatusInfo } from './format.ts';
import { ExportButton } from './export-button.tsx';
import { PageHead } from './page-head.tsx';
import { StatusChip } from './status-chip.tsx';

/** The status filter's "every status" choice; the data provider sends no `status` for it. */
export const ALL_STATUSES = 'all';

export interface StatusChoice {
  /** A status code, or ALL_STATUSES. */
  value: number | typeof ALL_STATUSES;
  /** A message key. */
  label: string;
}

interface Props<T extends RaRecord> {
  resource: 'deposits' | 'withdrawals' | 'kyc';
  title: string;
  intro: string;
  statuses: StatusChoice[];
  /** The filter a queue opens on: the records waiting for a decision. */
  waiting: number;
  /** What an empty list says: while showing the waiting ones, and otherwise (message keys). */
  emptyWaiting: string;
  emptyOther: string;
  /** The table's columns (react-admin fields). */
  children: ReactNode;
  /** Filters of this queue besides status and user (react-admin inputs, shown always). */
  extraFilters?: ReactElement[];
  /**
   * What the detail panel shows for the selected row. After a decision it calls `changed` with the row's new fields
   * (as the server answered): the panel shows them at once, and the list reloads.
   */
  detail: (row: T, changed: (patch: Partial<T>) => void) => ReactNode;
  /** The list's path when it may be exported as CSV with its filters (DESIGN §16 "Exports"). */
  exportPath?: string;
}

const PAGE_SIZE = 20;

/** The head of a detail panel: the record's title and its status (room left at the end for the panel's close button). */
export function ReviewHead({ title, info, status }: { title: string; info: StatusInfo; status: number }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, pr: 4 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <StatusChip info={info} status={status} />
    </Stack>
  );
}

/**
 * A review queue: a status filter (opening on the records waiting for a decision), a user filter, a paged table, and
 * a detail panel for the selected row beside the table (sliding over it on narrower screens). After a decision the list
 * reloads and the selected row keeps showing, refreshed from the server when the list still holds it.
 */
export function ReviewList<T extends RaRecord>({
  resource,
  title,
  intro,
  statuses,
  waiting,
  emptyWaiting,
  emptyOther,
  children,
  detail,
  extraFilters = [],
  exportPath,
}: Props<T>) {
  const [selected, setSelected] = useState<T | null>(null);
  const [patch, setPatch] = useState<Partial<T>>({});
  // ≥ 1536 px: the panel sits beside the table; ≥ 1200 px it slides in and the table makes room; narrower (tablets)
  // it opens over the table and closes with a tap outside.
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('xl'));
  const desktop = useMediaQuery((t: Theme) => t.breakpoints.up('lg'));
  const select = (row: T | null) => {
    setSelected(row);
    setPatch({});
  };
  const panel = <DetailPanel selected={selected} patch={patch} onPatch={setPatch} detail={detail} onClose={() => select(null)} />;
  return (
    // The panel slides in at the right below 1536 px; the page makes room for it (the table scrolls sideways if it must).
    <Box sx={{ mr: !wide && desktop && selected ? '412px' : 0 }}>
      <PageHead title={title} intro={intro} />
      <List<T>
        resource={resource}
        title={<></>}
        perPage={PAGE_SIZE}
        // The server lists newest first and sorts no other way.
        sort={{ field: 'id', order: 'DESC' }}
        filterDefaultValues={{ status: waiting }}
        filters={[
          <TextInput
            key="user_id"
            source="user_id"
            label="tp.common.user_id"
            alwaysOn
            resettable
            variant="outlined"
            size="small"
            sx={{ width: 150 }}
            // User ids are whole numbers: anything else would only earn a refusal.
            parse={(v: string) => v.replace(/\D/g, '')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />,
          ...extraFilters,
        ]}
        actions={<QueueActions statuses={statuses} exportPath={exportPath} name={resource} />}
        exporter={false}
        empty={false}
        aside={wide ? <Box sx={{ width: 360, ml: 2, flexShrink: 0 }}>{panel}</Box> : undefined}
        pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}
        sx={{
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { overflowX: 'auto' },
        }}
      >
        <Datagrid
          size="small"
          sx={{ '& th': { whiteSpace: 'nowrap' }, '& td': { py: 1 } }}
          bulkActionButtons={false}
          rowClick={(_id, _resource, record) => {
            select(record as T);
            return false;
          }}
          rowSx={(record) => (record.id === selected?.id ? { bgcolor: 'action.selected' } : {})}
          body={<DatagridBody row={<KeyboardRow onPick={(r) => select(r as T)} />} />}
          empty={<EmptyQueue waiting={waiting} emptyWaiting={emptyWaiting} emptyOther={emptyOther} />}
        >
          {children}
        </Datagrid>
        {!wide && (
          <Drawer
            variant={desktop ? 'persistent' : 'temporary'}
            anchor="right"
            open={selected !== null}
            onClose={() => select(null)}
            slotProps={{
              paper: {
                sx: desktop
                  ? { top: 48, height: 'calc(100% - 48px)', width: 420, p: 1 }
                  : { width: { xs: '100vw', sm: 440 }, p: 1 },
              },
            }}
          >
            {panel}
          </Drawer>
        )}
      </List>
    </Box>
  );
}

/** A table row that Tab reaches and Enter or Space selects, as a click does. */
function KeyboardRow({ onPick, ...props }: DatagridRowProps & { onPick: (row: RaRecord) => void }) {
  const record = useRecordContext();
  return (
    <DatagridRow
      {...props}
      tabIndex={0}
      aria-selected={props.selected}
      onKeyDown={(e: KeyboardEvent<HTMLTableRowElement>) => {
        if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget && record) {
          e.preventDefault();
          onPick(record);
        }
      }}
    />
  );
}

function QueueActions({
  statuses,
  exportPath,
  name,
}: {
  statuses: StatusChoice[];
  exportPath?: string | undefined;
  name: string;
}) {
  const translate = useTranslate();
  const { filterValues, setFilters, total } = useListContext();
  const current = (filterValues as { status?: number | string }).status ?? ALL_STATUSES;
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={String(current)}
        aria-label={translate('tp.common.status')}
        onChange={(_e, v: string | null) => {
          if (v === null) return;
          setFilters({ ...filterValues, status: v === ALL_STATUSES ? ALL_STATUSES : Number(v) }, undefined, false);
        }}
      >
        {statuses.map((s) => (
          <ToggleButton key={s.label} value={String(s.value)} sx={{ textTransform: 'none', px: 1.5 }}>
            {translate(s.label)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {total !== undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ mx: 1 }}>
          {translate('tp.common.records', { smart_count: total })}
        </Typography>
      )}
      <RefreshButton />
      {exportPath && <ExportButton path={exportPath} name={name} query={filterValues as Record<string, string | number>} />}
    </TopToolbar>
  );
}

function EmptyQueue({ waiting, emptyWaiting, emptyOther }: { waiting: number; emptyWaiting: string; emptyOther: string }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const status = (filterValues as { status?: number | string }).status;
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate(status === waiting ? emptyWaiting : emptyOther)}
    </Typography>
  );
}

function DetailPanel<T extends RaRecord>({
  selected,
  patch,
  onPatch,
  detail,
  onClose,
}: {
  selected: T | null;
  patch: Partial<T>;
  onPatch: (p: Partial<T>) => void;
  detail: Props<T>['detail'];
  onClose: () => void;
}) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { data } = useListContext<T>();
  if (!selected)
    return (
      <Card variant="outlined">
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {translate('tp.common.select_row')}
          </Typography>
        </CardContent>
      </Card>
    );
  // Refreshed (new status, fresh image links) when the list still holds the row; a decision's answer on top.
  const fresh = data?.find((r) => r.id === selected.id) ?? selected;
  const row = { ...fresh, ...patch } as T;
  return (
    <Card variant="outlined" component="aside" aria-label={translate('tp.common.details')} sx={{ position: 'relative' }}>
      <IconButton
        onClick={onClose}
        aria-label={translate('ra.action.close')}
        size="small"
        sx={{ position: 'absolute', top: 8, right: 8 }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      <CardContent key={String(row.id)}>
        {detail(row, (p) => {
          onPatch({ ...patch, ...p });
          refresh();
        })}
      </CardContent>
    </Card>
  );
}
