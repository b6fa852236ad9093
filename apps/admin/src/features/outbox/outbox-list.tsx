import type { OutboxItem } from '@tradepad/contracts/staff/outbox';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  Datagrid,
  FunctionField,
  List,
  Pagination,
  SelectInput,
  TextField,
  TextInput,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useAccess } from '../../ui/use-access.ts';
import type { AdminDataProvider } from '../../providers/data-provider.ts';
import { TimeCell } from '../../ui/cells.tsx';
import { PageHead } from '../../ui/page-head.tsx';

const PAGE_SIZE = 50;

const filters = [
  <SelectInput
    key="channel"
    source="channel"
    label="tp.outbox.channel"
    alwaysOn
    choices={[
      { id: 'email', name: 'tp.outbox.email' },
      { id: 'sms', name: 'tp.outbox.sms' },
    ]}
    variant="outlined"
    size="small"
    sx={{ minWidth: 150 }}
  />,
  <TextInput key="recipient" source="recipient" label="tp.outbox.to" alwaysOn resettable variant="outlined" size="small" />,
];

const messageBox = { whiteSpace: 'pre-wrap', maxWidth: '60ch', overflowWrap: 'anywhere' } as const;

/**
 * Mail and SMS not sent through a provider (SMTP_URL / SMS_URL unset; DESIGN §2), newest first. Codes come masked
 * for every role (DESIGN §10); a super admin may reveal one message after a confirmation, which the server audits.
 */
export function OutboxList() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { may } = useAccess();
  const mayReveal = may('outbox', 'act');
  const [asking, setAsking] = useState<OutboxItem | undefined>();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<OutboxItem | undefined>();

  const reveal = () => {
    if (!asking) return;
    setBusy(true);
    dataProvider
      .revealOutbox(asking.id)
      .then((m) => setShown(m))
      .catch((err: unknown) => notify(err instanceof Error ? err.message : 'ra.notification.http_error', { type: 'error' }))
      .finally(() => {
        setBusy(false);
        setAsking(undefined);
      });
  };

  return (
    <>
      <PageHead title="tp.outbox.title" intro="tp.outbox.intro">
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '80ch', mt: 0.5 }}>
          {translate('tp.outbox.masked_note')}
        </Typography>
      </PageHead>
      <List<OutboxItem>
        sort={{ field: 'id', order: 'DESC' }}
        title={<></>}
        perPage={PAGE_SIZE}
        filters={filters}
        exporter={false}
        empty={false}
        pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}
        sx={{ '& .RaList-content': { overflowX: 'auto' } }}
      >
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          size="small"
          sx={{ '& td': { verticalAlign: 'top' }, '& th': { whiteSpace: 'nowrap' } }}
        >
          <TimeCell source="created_at" label="tp.outbox.time" sortable={false} />
          <FunctionField<OutboxItem>
            label="tp.outbox.channel"
            render={(m) => translate(m.channel === 'sms' ? 'tp.outbox.sms' : 'tp.outbox.email')}
          />
          <TextField source="recipient" label="tp.outbox.to" sortable={false} />
          <TextField source="subject" label="tp.outbox.subject" sortable={false} />
          <FunctionField<OutboxItem> label="tp.outbox.message" render={(m) => <Box sx={messageBox}>{m.body}</Box>} />
          {mayReveal && (
            <FunctionField<OutboxItem>
              label=""
              render={(m) =>
                m.masked ? (
                  <Button size="small" onClick={() => setAsking(m)} disabled={busy}>
                    {translate('tp.outbox.reveal')}
                  </Button>
                ) : null
              }
            />
          )}
        </Datagrid>
      </List>
      <Confirm
        isOpen={asking !== undefined}
        loading={busy}
        title="tp.outbox.reveal_title"
        content="tp.outbox.reveal_confirm"
        translateOptions={{ to: asking?.recipient ?? '' }}
        confirm="tp.outbox.reveal_ok"
        confirmColor="warning"
        onConfirm={reveal}
        onClose={() => setAsking(undefined)}
      />
      <Dialog
        open={shown !== undefined}
        onClose={() => setShown(undefined)}
        aria-labelledby="revealed-title"
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id="revealed-title">{translate('tp.outbox.revealed_title', { to: shown?.recipient ?? '' })}</DialogTitle>
        <DialogContent>
          {shown?.subject && (
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {shown.subject}
            </Typography>
          )}
          <Box sx={messageBox} data-testid="revealed-body">
            {shown?.body}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setShown(undefined)}>{translate('tp.outbox.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
