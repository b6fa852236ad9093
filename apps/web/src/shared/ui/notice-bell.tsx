import { useTranslation } from '../../i18n/i18n.ts';
import { Link } from '../router/router.tsx';
import { useNoticesStore } from '../store/notices.store.ts';
import { useUserStore } from '../store/user.store.ts';
import './notice-bell.css';

/** The bell on the main screens (issue 21): opens the notification centre; a badge counts the unread notices. */
export function NoticeBell() {
  const { t } = useTranslation();
  const loggedIn = useUserStore((s) => s.loggedIn);
  const unread = useNoticesStore((s) => s.unread);
  if (!loggedIn) return null;
  const label = unread > 0 ? t('notices.bellUnread', { count: unread }) : t('notices.bell');
  return (
    <Link to="/mine/notices" className="icon-button notice-bell" aria-label={label} data-testid="notice-bell">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6l-1.6 2.7A1 1 0 0 0 5.3 17h13.4a1 1 0 0 0 .9-1.7L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15a2.5 2.5 0 0 0 5 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {unread > 0 && (
        <span className="notice-badge num" data-testid="notice-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
