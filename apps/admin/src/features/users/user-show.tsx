import { ADJUSTMENT_KINDS, type AdjustmentKind, type AdminUserDetail } from '@tradepad/contracts/staff/users';
import {
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Loading, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useAccess } from '../../ui/use-access.ts';
import { useTimeLocale } from '../../ui/cells.tsx';
import { FieldList } from '../../ui/field-list.tsx';
import { formatTime, kycStatus } from '../../ui/format.ts';
import { ImageThumb } from '../../ui/image-thumb.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';
import { AccountTypeDialog } from './account-type-dialog.tsx';
import { ActionDialog } from './action-dialog.tsx';
import { adjustmentStatus } from './adjustments-list.tsx';
import { SwitchChips } from './users-list.tsx';
import { usersApi } from './users-api.ts';

type Detail = AdminUserDetail;
type Action = 'trading' | 'login' | 'revoke' | 'totp' | 'adjust' | 'account_type';
const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;
const AMOUNT = /^-?\d{1,10}(\.\d{1,2})?$/;

/**
 * One user's profile (DESIGN §11): the engine's live figures, the actions staff who may act have (each confirmed,
 * with a reason where one is needed), and the records: real name, sessions, devices, invitees, ledger, orders,
 * deposits, withdrawals, adjustments, notes.
 */
export function UserShow() {
  const { id } = useParams<{ id: string }>();
  const translate = useTranslate();
  const { may } = useAccess();
  const { data: u, refetch, isPending, error } = useGetOne<Detail>('users', { id: Number(id) });
  const [action, setAction] = useState<Action | undefined>();
  if (error) return <Typography sx={{ mt: 3 }}>{error instanceof Error ? error.message : ''}</Typography>;
  // The list's row is shown as placeholder data until the profile arrives: wait for the profile itself.
  if (isPending || !Array.isArray(u?.sessions)) return <Loading />;
  const act = may('users', 'act');
  const done = () => void refetch();
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {u.email || u.phone || u.uid}
        </Typography>
        <Typography color="text.secondary">
          {translate('tp.users.uid')} {u.uid} · ID {u.id}
        </Typography>
        <SwitchChips user={u} />
      </Stack>
      <Figures u={u} />
      {act && <Actions u={u} open={setAction} />}
      <UserActionDialogs u={u} action={action} close={() => setAction(undefined)} done={done} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, mt: 2 }}>
        <Profile u={u} />
        <KycCard u={u} />
        <Rows
          wide
          title="tp.users.sessions"
          head={['tp.users.started', 'tp.users.last_seen', 'tp.users.address', 'tp.users.agent', 'tp.common.status']}
          rows={u.sessions.map((s) => [
            <When t={s.created_at} />,
            <When t={s.last_seen_at} />,
            s.peer_ip && s.peer_ip !== s.ip ? `${s.ip} (${translate('tp.users.via')} ${s.peer_ip})` : s.ip,
            <Box component="span" sx={{ fontSize: 12 }}>
              {s.user_agent}
            </Box>,
            translate(s.live ? 'tp.users.live' : 'tp.users.ended'),
          ])}
        />
        <Rows
          title="tp.users.devices"
          head={['tp.users.device', 'tp.users.first_seen']}
          rows={u.devices.map((d) => [d.device_key, <When t={d.first_seen_at} />])}
        />
        <Rows
          title="tp.users.ledger"
          head={['tp.common.id', 'tp.users.when', 'tp.users.memo', 'tp.common.amount']}
          num={[3]}
          rows={u.ledger.map((l) => [l.id, <When t={l.created_at} />, l.memo, l.value])}
        />
        <Rows
          title="tp.users.orders"
          head={['tp.common.id', 'tp.users.symbol', 'tp.users.side', 'tp.users.lots', 'tp.common.status', 'tp.users.profit']}
          num={[3, 5]}
          rows={u.orders.map((o) => [
            o.id,
            o.symbol,
            translate(o.side === 1 ? 'tp.users.buy' : 'tp.users.sell'),
            o.lots,
            translate(`tp.users.order_status.${o.status}`, { _: String(o.status) }),
            o.profit,
          ])}
        />
        <Rows
          title="tp.users.deposits"
          head={['tp.common.id', 'tp.users.when', 'tp.common.currency', 'tp.common.amount', 'USD', 'tp.common.status']}
          num={[3, 4]}
          rows={u.deposits.map((d) => [d.id, <When t={d.created_at} />, d.currency, d.amount, d.usd_amount, d.status])}
        />
        <Rows
          title="tp.users.withdrawals"
          head={['tp.common.id', 'tp.users.when', 'tp.common.currency', 'USD', 'tp.common.status']}
          num={[3]}
          rows={u.withdrawals.map((w) => [w.id, <When t={w.created_at} />, w.code, w.amount, w.status])}
        />
        <Rows
          title="tp.users.adjustments"
          head={['tp.common.id', 'tp.users.when', 'tp.users.kind', 'tp.common.amount', 'tp.users.reason', 'tp.common.status']}
          num={[3]}
          rows={u.adjustments.map((a) => [
            a.id,
            <When t={a.created_at} />,
            translate(`tp.users.kinds.${a.kind}`),
            a.amount,
            a.reason,
            <StatusChip info={adjustmentStatus(a.status)} />,
          ])}
        />
        <Rows
          title="tp.users.invitees"
          head={['tp.common.id', 'tp.users.uid', 'tp.users.account', 'tp.users.signed_up']}
          rows={u.invitees.map((i) => [i.id, i.uid, i.account, <When t={i.created_at} />])}
        />
        <Notes u={u} act={act} done={done} />
      </Box>
    </Box>
  );
}

function When({ t }: { t: number }) {
  const locale = useTimeLocale();
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {formatTime(t, locale)}
    </Box>
  );
}

function Figures({ u }: { u: Detail }) {
  const translate = useTranslate();
  const items: Array<[string, string]> = [
    ['tp.users.balance', u.balance],
    ['tp.users.locked', u.lock_balance],
    ['tp.users.credit', u.credit],
    ['tp.users.equity', u.equity],
    ['tp.users.used_margin', u.used_margin],
    ['tp.users.free_margin', u.free_margin],
    ['tp.users.margin_level', u.margin_level ? `${u.margin_level.toFixed(2)} %` : '—'],
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1.5, mt: 2 }}>
      {items.map(([label, value]) => (
        <Card key={label} variant="outlined">
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Typography variant="caption" color="text.secondary">
              {translate(label)}
            </Typography>
            <Typography variant="h6" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {value}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function Actions({ u, open }: { u: Detail; open: (a: Action) => void }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
      <Button variant="contained" onClick={() => open('adjust')}>
        {translate('tp.users.adjust')}
      </Button>
      <Button variant="outlined" color={u.trading_enabled ? 'warning' : 'primary'} onClick={() => open('trading')}>
        {translate(u.trading_enabled ? 'tp.users.trading_disable' : 'tp.users.trading_enable')}
      </Button>
      <Button variant="outlined" color={u.login_enabled ? 'error' : 'primary'} onClick={() => open('login')}>
        {translate(u.login_enabled ? 'tp.users.login_disable' : 'tp.users.login_enable')}
      </Button>
      <Button variant="outlined" onClick={() => open('revoke')}>
        {translate('tp.users.revoke')}
      </Button>
      {u.totp_enabled && (
        <Button variant="outlined" onClick={() => open('totp')}>
          {translate('tp.users.totp_reset')}
        </Button>
      )}
      <Button variant="outlined" data-testid="user-account-type" onClick={() => open('account_type')}>
        {translate('tp.users.account_type_change')}
      </Button>
    </Stack>
  );
}

function UserActionDialogs(p: { u: Detail; action: Action | undefined; close: () => void; done: () => void }) {
  const { u, action, close } = p;
  const translate = useTranslate();
  const notify = useNotify();
  const [amount, setAmount] = useState('');
  const [kind, setKind] = useState<AdjustmentKind>('correction');
  const who = u.email || u.phone || u.uid;
  const ok = (key: string) => () => {
    notify(key, { type: 'success' });
    p.done();
  };
  const common = { open: action !== undefined, onClose: close };
  if (action === undefined) return null;
  switch (action) {
    case 'trading':
      return (
        <ActionDialog
          {...common}
          title={translate(u.trading_enabled ? 'tp.users.trading_disable' : 'tp.users.trading_enable')}
          content={translate(u.trading_enabled ? 'tp.users.trading_disable_confirm' : 'tp.users.trading_enable_confirm', {
            user: who,
          })}
          confirm={translate('tp.users.confirm')}
          run={() => usersApi.setStatus(u.id, { trading_enabled: !u.trading_enabled }).then(ok('tp.users.saved'))}
        />
      );
    case 'login':
      return (
        <ActionDialog
          {...common}
          title={translate(u.login_enabled ? 'tp.users.login_disable' : 'tp.users.login_enable')}
          content={translate(u.login_enabled ? 'tp.users.login_disable_confirm' : 'tp.users.login_enable_confirm', {
            user: who,
          })}
          confirm={translate('tp.users.confirm')}
          run={() => usersApi.setStatus(u.id, { login_enabled: !u.login_enabled }).then(ok('tp.users.saved'))}
        />
      );
    case 'revoke':
      return (
        <ActionDialog
          {...common}
          title={translate('tp.users.revoke')}
          content={translate('tp.users.revoke_confirm', { user: who })}
          confirm={translate('tp.users.confirm')}
          run={() => usersApi.revokeSessions(u.id).then(ok('tp.users.saved'))}
        />
      );
    case 'account_type':
      return <AccountTypeDialog u={u} {...common} done={ok('tp.users.saved')} />;
    case 'totp':
      return (
        <ActionDialog
          {...common}
          title={translate('tp.users.totp_reset')}
          content={translate('tp.users.totp_reset_confirm', { user: who })}
          confirm={translate('tp.users.confirm')}
          run={() => usersApi.resetTotp(u.id).then(ok('tp.users.saved'))}
        />
      );
    case 'adjust':
      return (
        <ActionDialog
          {...common}
          title={translate('tp.users.adjust_title', { user: who })}
          content={translate('tp.users.adjust_intro', { balance: u.balance, free: u.free_margin, credit: u.credit })}
          confirm={translate('tp.users.adjust_submit')}
          textLabel={translate('tp.users.reason')}
          ready={AMOUNT.test(amount.trim()) && Number(amount) !== 0}
          run={(reason) =>
            usersApi.adjust(u.id, { amount: amount.trim(), kind, reason }).then((a) => {
              setAmount('');
              notify((a as { status: number }).status === 0 ? 'tp.users.adjust_waiting' : 'tp.users.adjust_done', {
                type: 'success',
              });
              p.done();
            })
          }
        >
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <TextField
              label={translate('tp.users.amount_usd')}
              helperText={translate('tp.users.amount_hint')}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              required
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: 1 }}
            />
            <TextField
              select
              label={translate('tp.users.kind')}
              value={kind}
              onChange={(e) => setKind(e.target.value as AdjustmentKind)}
              sx={{ width: 200 }}
            >
              {ADJUSTMENT_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {translate(`tp.users.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </ActionDialog>
      );
  }
}

function Section({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Rows(p: { title: string; head: string[]; rows: ReactNode[][]; num?: number[]; wide?: boolean }) {
  const { title, head, rows, num: right = [] } = p;
  const translate = useTranslate();
  return (
    <Section title={title} wide={p.wide}>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('tp.users.none')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', maxHeight: 320 }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                {head.map((h, i) => (
                  <TableCell key={h} sx={right.includes(i) ? num : { whiteSpace: 'nowrap' }}>
                    {translate(h, { _: h })}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r, i) => (
                <TableRow key={i}>
                  {r.map((c, j) => (
                    <TableCell key={j} sx={right.includes(j) ? num : undefined}>
                      {c}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Section>
  );
}

function Profile({ u }: { u: Detail }) {
  const translate = useTranslate();
  const locale = useTimeLocale();
  return (
    <Section title="tp.users.profile">
      <FieldList
        rows={[
          [translate('tp.users.email'), u.email],
          [translate('tp.users.phone'), u.phone],
          [translate('tp.users.invite_code'), u.invite_code],
          [translate('tp.users.invited_by'), u.invited_by === null ? '' : `ID ${u.invited_by}`],
          [translate('tp.users.language'), u.lang],
          [translate('tp.users.account_type'), u.account_type?.name ?? '—'],
          [translate('tp.users.two_factor'), translate(u.totp_enabled ? 'tp.users.on' : 'tp.users.off')],
          [translate('tp.users.signed_up'), formatTime(u.created_at, locale)],
        ]}
      />
    </Section>
  );
}

function KycCard({ u }: { u: Detail }) {
  const translate = useTranslate();
  const k = u.kyc;
  return (
    <Section title="tp.users.kyc">
      {k ? (
        <>
          <FieldList
            rows={[
              [translate('tp.users.name'), k.name],
              [translate('tp.users.card_id'), k.card_id],
              [translate('tp.common.status'), <StatusChip info={kycStatus(k.status)} status={k.status} />],
              [translate('tp.common.remark'), k.remark],
            ]}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
            <ImageThumb src={k.front_url} label={translate('tp.users.front')} />
            <ImageThumb src={k.reverse_url} label={translate('tp.users.reverse')} />
          </Stack>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('tp.users.none')}
        </Typography>
      )}
    </Section>
  );
}

function Notes({ u, act, done }: { u: Detail; act: boolean; done: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const locale = useTimeLocale();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      await usersApi.addNote(u.id, text.trim());
      setText('');
      done();
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="tp.users.notes">
      {u.notes.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('tp.users.none')}
        </Typography>
      )}
      {u.notes.map((n) => (
        <Box key={n.id} sx={{ mb: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {formatTime(n.created_at, locale)} · {n.staff_email}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {n.text}
          </Typography>
        </Box>
      ))}
      {act && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={translate('tp.users.add_note')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            fullWidth
          />
          <Button variant="outlined" disabled={busy || text.trim() === ''} onClick={() => void add()}>
            {translate('tp.users.save_note')}
          </Button>
        </Stack>
      )}
    </Section>
  );
}
