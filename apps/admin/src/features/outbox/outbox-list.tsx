import type { OutboxItem } from '@tradepad/contracts/admin-outbox';
import { Box } from '@mui/material';
import { Datagrid, FunctionField, List, Pagination, SelectInput, TextField, TextInput, useTranslate } from 'react-admin';
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

/** Mail and SMS not sent through a provider (SMTP_URL / SMS_URL unset; DESIGN §2), newest first. */
export function OutboxList() {
  const translate = useTranslate();
  return (
    <>
      <PageHead title="tp.outbox.title" intro="tp.outbox.intro" />
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
          <FunctionField<OutboxItem>
            label="tp.outbox.message"
            render={(m) => <Box sx={{ whiteSpace: 'pre-wrap', maxWidth: '60ch', overflowWrap: 'anywhere' }}>{m.body}</Box>}
          />
        </Datagrid>
      </List>
    </>
  );
}
