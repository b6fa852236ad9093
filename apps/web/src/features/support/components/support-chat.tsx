import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { SupportMessage } from '@tradepad/contracts/support/schemas';
import { SUPPORT_TEXT_MAX } from '@tradepad/contracts/support/constants';
import { PictureOutline } from 'antd-mobile-icons';
import { formatDateTime } from '../../../i18n/format.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { newActionKey } from '../../../shared/api/action-mutation.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { uploadImage, uploadRefusal } from '../../../shared/api/image-upload.api.ts';
import { realtime } from '../../../shared/realtime/socket.ts';
import { Link } from '../../../shared/router/router.tsx';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { postSupportMessage, useSupportMessages } from '../api/support-chat.api.ts';
import { threadOf, withMessage, type OutgoingMessage } from '../hooks/chat-thread.ts';
import './support-chat.css';

/**
 * The built-in support chat (issue 21 point 4, DESIGN §13), shown at /mine/chat when the broker set no service link:
 * the trader's thread with the broker's staff, older messages loaded above, staff replies arriving live (`SUPPORT` on
 * the socket), text and images (uploaded through the app's image upload and its checks). A message shows at once
 * while it is sent; one that fails stays with "not sent, tap to retry", retried with the same Idempotency-Key so the
 * server stores it once however often it was tried. The complaint e-mail stays one tap away.
 */
export function SupportChat() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const thread = useSupportMessages();
  const [live, setLive] = useState<SupportMessage[]>([]);
  const [outgoing, setOutgoing] = useState<OutgoingMessage[]>([]);
  const [text, setText] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  // Whether the list should stay at its newest message when something is added (the trader is reading the end).
  const pinned = useRef(true);
  // The height before older messages were added above, to keep what the trader sees in place.
  const olderFrom = useRef<number | null>(null);

  const pages = thread.data?.pages.map((p) => p.data) ?? [];
  const messages = threadOf(pages, live);
  const total = thread.data?.pages[0]?.total ?? 0;

  // Staff replies, live (sent to every socket logged in as this trader); after the socket logs in again (a dropped
  // connection, another node), the latest page is read again for what was said meanwhile.
  const refetch = useRef(thread.refetch);
  refetch.current = thread.refetch;
  useEffect(() => {
    let logins = 0;
    return realtime.onMessage((m) => {
      if (m.type === 'login_result' && m.code === 1 && logins++ > 0) void refetch.current();
      if (m.type !== 'SUPPORT') return;
      const message = m.message;
      if (message && typeof message.id === 'number') setLive((l) => withMessage(l, message));
    });
  }, []);

  // Previews made for pending images are let go when they leave.
  const outgoingRef = useRef(outgoing);
  outgoingRef.current = outgoing;
  useEffect(
    () => () => {
      for (const o of outgoingRef.current) if (o.preview) URL.revokeObjectURL(o.preview);
    },
    [],
  );

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (olderFrom.current !== null) {
      el.scrollTop += el.scrollHeight - olderFrom.current;
      olderFrom.current = null;
    } else if (pinned.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages.length, outgoing.length]);

  const onScroll = () => {
    const el = list.current;
    if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
  };

  const loadOlder = () => {
    if (list.current) olderFrom.current = list.current.scrollHeight;
    void thread.fetchNextPage();
  };

  // Keys being sent now: a second tap on "retry" while the first try runs sends nothing more.
  const inFlight = useRef(new Set<string>());
  const send = useCallback(async (o: OutgoingMessage) => {
    if (inFlight.current.has(o.key)) return;
    inFlight.current.add(o.key);
    const update = (patch: Partial<OutgoingMessage>) =>
      setOutgoing((all) => all.map((x) => (x.key === o.key ? { ...x, ...patch } : x)));
    update({ status: 'sending' });
    let image = o.image;
    try {
      if (o.file && !image) {
        image = (await uploadImage(o.file)).name;
        update({ image });
      }
      const stored = await postSupportMessage({ text: o.text, image }, o.key);
      pinned.current = true;
      setLive((l) => withMessage(l, stored));
      setOutgoing((all) => all.filter((x) => x.key !== o.key));
      if (o.preview) URL.revokeObjectURL(o.preview);
    } catch (e) {
      update({ status: 'failed' });
      // A refusal (too many messages, a bad image) says why; a lost connection shows as "not sent".
      if (isApiError(e) && e.kind === 'refused' && e.message) toastMessage(e.message);
    } finally {
      inFlight.current.delete(o.key);
    }
  }, []);

  const queue = (o: Omit<OutgoingMessage, 'key' | 'status' | 'at'>) => {
    const message: OutgoingMessage = { ...o, key: newActionKey(), status: 'sending', at: Date.now() };
    pinned.current = true;
    setOutgoing((all) => [...all, message]);
    void send(message);
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const body = text.trim();
    if (!body) return;
    setText('');
    queue({ text: body });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
  };

  const onFile = (chosen: File | undefined) => {
    if (file.current) file.current.value = '';
    if (!chosen) return;
    const refusal = uploadRefusal(chosen);
    if (refusal) {
      toastMessage(t(refusal));
      return;
    }
    queue({ text: '', file: chosen, preview: URL.createObjectURL(chosen) });
  };

  const time = (at: number) => formatDateTime(at, lang);

  return (
    <div className="chat" data-testid="support-chat">
      <div className="chat-list" ref={list} onScroll={onScroll} role="log" aria-live="polite" aria-label={t('route.chat')}>
        {thread.hasNextPage && (
          <button
            type="button"
            className="chat-older"
            data-testid="chat-older"
            disabled={thread.isFetchingNextPage}
            onClick={loadOlder}
          >
            {thread.isFetchingNextPage ? t('common.loading') : t('support.older')}
          </button>
        )}
        {thread.isPending && (
          <div className="page-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <span className="visually-hidden">{t('common.loading')}</span>
          </div>
        )}
        {thread.isError && messages.length === 0 && (
          <p className="chat-note" role="alert">
            {t('support.loadError')}{' '}
            <button type="button" className="chat-link" onClick={() => void thread.refetch()}>
              {t('common.reload')}
            </button>
          </p>
        )}
        {thread.isSuccess && total === 0 && messages.length === 0 && outgoing.length === 0 && (
          <p className="chat-note" data-testid="chat-empty">
            {t('support.chatEmpty')}
          </p>
        )}
        {messages.map((m) => (
          <div key={m.id} className={`chat-msg is-${m.from}`} data-testid={`chat-msg-${m.from}`} data-id={m.id}>
            {m.from === 'staff' && <span className="chat-who">{m.staff_name || t('support.staff')}</span>}
            {m.image && (
              <a href={m.image} target="_blank" rel="noopener noreferrer" className="chat-image">
                <img src={m.image} alt={t('support.image')} loading="lazy" />
              </a>
            )}
            {m.text && (
              <p className="chat-text" dir="auto">
                {m.text}
              </p>
            )}
            <time className="chat-time num" dateTime={new Date(m.created_at).toISOString()}>
              {time(m.created_at)}
            </time>
          </div>
        ))}
        {outgoing.map((o) => (
          <div key={o.key} className={`chat-msg is-user is-${o.status}`} data-testid={`chat-out-${o.status}`}>
            {o.preview && (
              <span className="chat-image">
                <img src={o.preview} alt={t('support.image')} />
              </span>
            )}
            {o.text && (
              <p className="chat-text" dir="auto">
                {o.text}
              </p>
            )}
            {o.status === 'sending' ? (
              <span className="chat-time">{t('support.sending')}</span>
            ) : (
              <button type="button" className="chat-retry" data-testid="chat-retry" onClick={() => void send(o)}>
                {t('support.notSent')}
              </button>
            )}
          </div>
        ))}
      </div>
      <p className="chat-email">
        <Link to="/mine/email" data-testid="chat-email">
          {t('support.emailLink')}
        </Link>
      </p>
      <form className="chat-composer" onSubmit={submit}>
        <input
          ref={file}
          type="file"
          accept="image/*"
          hidden
          data-testid="chat-file"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <button
          type="button"
          className="chat-icon-button"
          aria-label={t('support.attach')}
          data-testid="chat-attach"
          onClick={() => file.current?.click()}
        >
          <PictureOutline fontSize={22} aria-hidden />
        </button>
        <textarea
          className="chat-input"
          rows={1}
          value={text}
          maxLength={SUPPORT_TEXT_MAX}
          placeholder={t('support.placeholder')}
          aria-label={t('support.placeholder')}
          data-testid="chat-input"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="chat-send"
          aria-label={t('support.send')}
          data-testid="chat-send"
          disabled={!text.trim()}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M12 19V5M6 11l6-6 6 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </form>
    </div>
  );
}
