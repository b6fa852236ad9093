import { ADMIN_API } from '@tradepad/contracts/api-paths';
import { SUPPORT_TEXT_MAX } from '@tradepad/contracts/support/constants';
import type { SupportMessage, SupportThread } from '@tradepad/contracts/support/schemas';
import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { AccessDenied, Link, Loading, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useAccess } from '../../ui/use-access.ts';
import { ApiError, apiGet, apiPost, newIdempotencyKey, withQuery } from '../../providers/http.ts';
import { useTimeLocale } from '../../ui/cells.tsx';
import { formatTime } from '../../ui/format.ts';
import { ImageThumb } from '../../ui/image-thumb.tsx';
import { PageHead } from '../../ui/page-head.tsx';

/** How often the inbox and the open thread are read again: new messages show within a few seconds. */
export const SUPPORT_POLL_MS = 4000;
const THREADS_PER_PAGE = 50;
const MESSAGES_SHOWN = 100;

type StatusFilter = 'waiting' | 'answered' | 'all';

/**
 * Reads with `load` now, every SUPPORT_POLL_MS, and again on `reload()`; keeps the last answer while a new one loads.
 * `url` (the request `load` makes) starts over when it changes; none reads nothing.
 */
function usePolled<T>(load: (signal: AbortSignal) => Promise<T>, url: string | undefined, refresh = 0) {
  const loader = useRef(load);
  loader.current = load;
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => {
    if (!url) return undefined;
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        setData(await loader.current(ctrl.signal));
        setError(undefined);
      } catch (err) {
        if (ctrl.signal.aborted) return;
        setError(err instanceof Error ? err.message : String(err));
      }
      if (!ctrl.signal.aborted) timer = setTimeout(() => void read(), SUPPORT_POLL_MS);
    };
    void read();
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
  }, [url, tick, refresh]);
  useEffect(() => setData(undefined), [url]);
  return { data, error, reload };
}

/**
 * The support inbox (DESIGN §13): the threads, newest activity first with unread counts, and the open thread with a
 * reply box. Both refresh every few seconds; a reply reaches the trader's app at once.
 */
export function SupportInbox() {
  const translate = useTranslate();
  const { may, isPending } = useAccess();
  const { userId } = useParams();
  const [status, setStatus] = useState<StatusFilter>('waiting');
  const [page, setPage] = useState(1);
  // Bumped when the open thread was read or answered, so the list's markers follow at once.
  const [changed, setChanged] = useState(0);
  const bump = useCallback(() => setChanged((n) => n + 1), []);
  const selected = userId && /^\d+$/.test(userId) ? Number(userId) : undefined;
  if (isPending) return <Loading />;
  if (!may('support')) return <AccessDenied />;
  return (
    <>
      <PageHead title="tp.support.title" intro="tp.support.intro" />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 360px) 1fr' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={status}
            onChange={(_, v: StatusFilter | null) => {
              if (!v) return;
              setStatus(v);
              setPage(1);
            }}
            aria-label={translate('tp.support.filter')}
            sx={{ mb: 1 }}
          >
            <ToggleButton value="waiting">{translate('tp.support.waiting')}</ToggleButton>
            <ToggleButton value="answered">{translate('tp.support.answered')}</ToggleButton>
            <ToggleButton value="all">{translate('tp.common.all')}</ToggleButton>
          </ToggleButtonGroup>
          <ThreadList status={status} page={page} setPage={setPage} selected={selected} refresh={changed} />
        </Paper>
        {selected ? (
          <ThreadView key={selected} userId={selected} onChanged={bump} />
        ) : (
          <Paper variant="outlined" sx={{ p: 3, color: 'text.secondary' }}>
            {translate('tp.support.select')}
          </Paper>
        )}
      </Box>
    </>
  );
}

function ThreadList({
  status,
  page,
  setPage,
  selected,
  refresh,
}: {
  status: StatusFilter;
  page: number;
  setPage: (p: number) => void;
  selected: number | undefined;
  refresh: number;
}) {
  const translate = useTranslate();
  const locale = useTimeLocale();
  const query = { status: status === 'all' ? undefined : status, page, limit: THREADS_PER_PAGE };
  const { data, error } = usePolled(
    (signal) => apiGet(ADMIN_API.supportThreads, query, { signal }),
    withQuery(ADMIN_API.supportThreads, query),
    refresh,
  );
  if (error && !data) return <Alert severity="error">{error}</Alert>;
  if (!data) return <Loading />;
  if (data.data.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {translate('tp.support.none')}
      </Typography>
    );
  const pages = Math.ceil(data.total / THREADS_PER_PAGE);
  return (
    <>
      <List dense disablePadding aria-label={translate('tp.support.threads')}>
        {data.data.map((t) => (
          <ThreadRow key={t.user_id} thread={t} current={t.user_id === selected} locale={locale} />
        ))}
      </List>
      {pages > 1 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {translate('tp.support.newer')}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {page} / {pages}
          </Typography>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {translate('tp.support.older')}
          </Button>
        </Stack>
      )}
    </>
  );
}

function ThreadRow({ thread: t, current, locale }: { thread: SupportThread; current: boolean; locale: string }) {
  const translate = useTranslate();
  const unread = t.unread > 0;
  const preview = t.last_text || translate('tp.support.image');
  return (
    <ListItemButton
      component={Link}
      to={`/support/${t.user_id}`}
      selected={current}
      aria-current={current ? 'page' : undefined}
      sx={{ borderRadius: 1, alignItems: 'flex-start', gap: 1, py: 1 }}
    >
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Typography
              component="span"
              variant="body2"
              sx={{ fontWeight: unread ? 700 : 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {t.user_account}
            </Typography>
            {t.is_demo && <Chip size="small" variant="outlined" label={translate('tp.support.demo')} />}
          </Stack>
        }
        secondary={
          <>
            <Typography
              component="span"
              variant="body2"
              sx={{
                display: 'block',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
                color: unread ? 'text.primary' : 'text.secondary',
              }}
            >
              {t.last_from === 'staff' ? `${translate('tp.support.you')}: ${preview}` : preview}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary">
              {formatTime(t.updated_at, locale)} · {translate('tp.common.user_id_short', { id: t.user_id })}
            </Typography>
          </>
        }
        sx={{ minWidth: 0, my: 0 }}
      />
      {unread && (
        <Chip
          size="small"
          color="primary"
          label={t.unread}
          aria-label={translate('tp.support.unread', { smart_count: t.unread })}
          title={translate('tp.support.unread', { smart_count: t.unread })}
        />
      )}
    </ListItemButton>
  );
}

function ThreadView({ userId, onChanged }: { userId: number; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const locale = useTimeLocale();
  const thread = `${ADMIN_API.supportThreads}/:id` as const;
  const { data, error, reload } = usePolled(
    (signal) => apiGet(thread, { limit: MESSAGES_SHOWN }, { id: userId, signal }),
    withQuery(`${ADMIN_API.supportThreads}/${userId}`, { limit: MESSAGES_SHOWN }),
  );
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  // One key per reply typed: a retry after a lost answer is not sent twice (DESIGN §10).
  const key = useRef<string | undefined>(undefined);
  const bottom = useRef<HTMLDivElement>(null);
  const newest = data?.data[0]?.id;
  const opened = data !== undefined;

  // Opening the thread marked it read: the list shows it at once.
  useEffect(() => {
    if (opened) onChanged();
  }, [opened, onChanged]);

  useLayoutEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  const trimmed = text.trim();
  const tooLong = text.length > SUPPORT_TEXT_MAX;

  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (!trimmed || tooLong || sending) return;
    key.current ??= newIdempotencyKey();
    setSending(true);
    try {
      await apiPost(thread, { text: trimmed }, { id: userId, idempotencyKey: key.current });
      key.current = undefined;
      setText('');
      reload();
      onChanged();
    } catch (err) {
      notify(err instanceof ApiError ? err.message : 'tp.common.unreachable', { type: 'error' });
    } finally {
      setSending(false);
    }
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send();
  };

  if (error && !data) return <Alert severity="error">{error}</Alert>;
  if (!data) return <Loading />;
  const messages = [...data.data].reverse();
  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {data.user_account}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('tp.common.user_id_short', { id: data.user_id })}
          {data.total > data.data.length &&
            ` · ${translate('tp.support.latest', { count: data.data.length, total: data.total })}`}
        </Typography>
      </Box>
      <Box
        role="log"
        aria-label={translate('tp.support.conversation')}
        sx={{ p: 2, overflowY: 'auto', height: { xs: 360, md: 'calc(100vh - 420px)' }, minHeight: 240, bgcolor: 'action.hover' }}
      >
        {messages.length === 0 && <Typography color="text.secondary">{translate('tp.support.empty')}</Typography>}
        <Stack spacing={1.25}>
          {messages.map((m) => (
            <Bubble key={m.id} m={m} locale={locale} />
          ))}
        </Stack>
        <div ref={bottom} />
      </Box>
      <Box component="form" onSubmit={(e) => void send(e)} sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
        <TextField
          label={translate('tp.support.reply')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          multiline
          minRows={2}
          maxRows={8}
          fullWidth
          error={tooLong}
          helperText={`${translate('tp.support.reply_hint')} · ${text.length} / ${SUPPORT_TEXT_MAX}`}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
          <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={!trimmed || tooLong || sending}>
            {translate(sending ? 'tp.support.sending' : 'tp.support.send')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

/** One message: the trader's on the left, the staff's on the right; the text shown as text, line breaks kept. */
function Bubble({ m, locale }: { m: SupportMessage; locale: string }) {
  const translate = useTranslate();
  const staff = m.from === 'staff';
  return (
    <Box sx={{ display: 'flex', justifyContent: staff ? 'flex-end' : 'flex-start' }}>
      <Box
        sx={{
          maxWidth: '75%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: staff ? 'primary.main' : 'background.paper',
          color: staff ? 'primary.contrastText' : 'text.primary',
          border: staff ? 0 : 1,
          borderColor: 'divider',
        }}
      >
        {m.image && <ImageThumb src={m.image} label={translate('tp.support.image')} />}
        {m.text && (
          // A trader's Arabic (or staff's English) keeps its own direction and punctuation in either language.
          <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.text}
          </Typography>
        )}
        <Typography variant="caption" sx={{ display: 'block', mt: 0.5, opacity: 0.8, textAlign: staff ? 'right' : 'left' }}>
          {staff ? `${m.staff_name ?? translate('tp.roles.support')} · ` : ''}
          {formatTime(m.created_at, locale)}
        </Typography>
      </Box>
    </Box>
  );
}
