import type { Adjustment } from '@tradepad/contracts/staff/users';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  TextField,
  useGetIdentity,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { TimeCell } from '../../ui/cells.tsx';
import type { StatusInfo } from '../../ui/format.ts';
import { PageHead } from '../../ui/page-head.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';
import { ActionDialog } from './action-dialog.tsx';
import { usersApi } from './users-api.ts';

const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** Adjustments: 0 waiting for a second staff member, 1 credited, 2 rejected. */
export function adjustmentStatus(status: number): StatusInfo {
  if (status === 0) return { key: 'tp.status.waiting', tone: 'warning' };
  if (status === 1) return { key: 'tp.status.credited', tone: 'success' };
  return { key: 'tp.status.rejected', tone: 'error' };
}

/**
 * Balance adjustments above the approval threshold, waiting for a second staff member (never their author, who sees
 * no approve button on their own). Approve credits at once; reject asks for a remark.
 */
export function AdjustmentsList() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { identity } = useGetIdentity();
  const [pending, setPending] = useState<{ a: Adjustment; approve: boolean } | undefined>();
  const filters = [
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      emptyText="tp.common.all"
      choices={[
        { id: 0, name: 'tp.status.waiting' },
        { id: 1, name: 'tp.status.credited' },
        { id: 2, name: 'tp.status.rejected' },
      ]}
    />,
  ];
  return (
    <>
      <PageHead title="tp.adjustments.title" intro="tp.adjustments.intro" />
      <List<Adjustment>
        title={<></>}
        filters={filters}
        filterDefaultValues={{ status: 0 }}
        exporter={false}
        actions={false}
        empty={false}
      >
        <Datagrid bulkActionButtons={false} rowClick={false} size="small" sx={{ '& th': { whiteSpace: 'nowrap' } }}>
          <TextField source="id" label="tp.common.id" sortable={false} />
          <TimeCell source="created_at" label="tp.common.submitted" sortable={false} />
          <FunctionField<Adjustment> label="tp.common.user" render={(a) => `${a.user_account} (ID ${a.user_id})`} />
          <FunctionField<Adjustment>
            label="tp.users.kind"
            render={(a) =>
              // A bonus since credit exists (issue 32) moved credit, not cash.
              a.balance === 'credit'
                ? `${translate(`tp.users.kinds.${a.kind}`)} · ${translate('tp.users.to_credit')}`
                : translate(`tp.users.kinds.${a.kind}`)
            }
          />
          <FunctionField<Adjustment> label="tp.common.amount" render={(a) => a.amount} textAlign="right" sx={num} />
          <TextField source="reason" label="tp.users.reason" sortable={false} />
          <TextField source="created_by_email" label="tp.adjustments.by" sortable={false} />
          <FunctionField<Adjustment> label="tp.common.status" render={(a) => <StatusChip info={adjustmentStatus(a.status)} />} />
          <FunctionField<Adjustment>
            label=""
            render={(a) =>
              a.status === 0 ? (
                <Stack direction="column" spacing={0.5} sx={{ alignItems: 'stretch' }}>
                  {String(a.created_by) !== String(identity?.id) && (
                    <Button size="small" variant="contained" onClick={() => setPending({ a, approve: true })}>
                      {translate('tp.decision.approve')}
                    </Button>
                  )}
                  <Button size="small" variant="outlined" color="error" onClick={() => setPending({ a, approve: false })}>
                    {translate('tp.decision.reject')}
                  </Button>
                </Stack>
              ) : null
            }
          />
        </Datagrid>
      </List>
      {pending && (
        <ActionDialog
          open
          onClose={() => setPending(undefined)}
          title={translate(pending.approve ? 'tp.adjustments.approve_title' : 'tp.adjustments.reject_title', {
            id: pending.a.id,
          })}
          content={translate(pending.approve ? 'tp.adjustments.approve_confirm' : 'tp.adjustments.reject_confirm', {
            amount: pending.a.amount,
            user: pending.a.user_account,
            reason: pending.a.reason,
          })}
          confirm={translate(pending.approve ? 'tp.decision.confirm_approve' : 'tp.decision.confirm_reject')}
          {...(pending.approve ? {} : { textLabel: translate('tp.common.remark') })}
          run={async (remark) => {
            await (pending.approve ? usersApi.approve(pending.a.id) : usersApi.reject(pending.a.id, remark));
            notify(pending.approve ? 'tp.adjustments.approved' : 'tp.adjustments.rejected', { type: 'success' });
            refresh();
          }}
        />
      )}
    </>
  );
}
