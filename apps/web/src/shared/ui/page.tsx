import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { LeftOutline } from 'antd-mobile-icons';
import { useBack } from './use-back.ts';
import './page.css';

export interface PageProps {
  /** Route name of spec §2; the root element gets `data-testid="page-<name>"`. */
  name: string;
  /** Heading in the top bar; no top bar when neither title nor back is given. */
  title?: ReactNode;
  /** Shows the back arrow; where to go when there is no in-app history. */
  back?: string;
  right?: ReactNode;
  /** Leaves room for the footer tab bar. */
  withTabBar?: boolean;
  className?: string;
  bodyClassName?: string;
  children?: ReactNode;
}

/** A screen: an optional sticky top bar (back arrow, title, right slot) and the content. */
export function Page({ name, title, back, right, withTabBar, className, bodyClassName, children }: PageProps) {
  const hasBar = title !== undefined || back !== undefined;
  const { t } = useTranslation();
  const docTitle = typeof title === 'string' && title ? `${title} · ${t('app.name')}` : t('app.name');
  useEffect(() => {
    document.title = docTitle;
  }, [docTitle]);
  return (
    <div
      data-testid={`page-${name}`}
      className={['page', withTabBar ? 'with-tabbar' : '', className ?? ''].filter(Boolean).join(' ')}
    >
      {hasBar && <TopBar title={title} back={back} right={right} />}
      <main className={bodyClassName ?? 'page-body'}>{children}</main>
    </div>
  );
}

export function TopBar({ title, back, right }: { title?: ReactNode; back?: string; right?: ReactNode }) {
  const { t } = useTranslation();
  const goBack = useBack(back ?? '/');
  return (
    <header className="top-bar">
      <div className="top-bar-side">
        {back !== undefined && (
          <button type="button" className="icon-button" aria-label={t('common.back')} data-testid="nav-back" onClick={goBack}>
            <LeftOutline className="flip-rtl" fontSize={22} aria-hidden />
          </button>
        )}
      </div>
      {title ? <h1 className="top-bar-title">{title}</h1> : <span />}
      <div className="top-bar-side top-bar-right">{right}</div>
    </header>
  );
}
