import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Link } from '../../../shared/router/router.tsx';
import { GlobalOutline } from 'antd-mobile-icons';
import { LogoMark } from '../../../assets/logo-mark.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import './auth.css';

/** The frame of login, register and forgot: back arrow, language link, brand heading, the form. */
export function AuthLayout({
  name,
  title,
  subtitle,
  back = '/',
  children,
}: {
  name: string;
  title: string;
  subtitle?: string;
  back?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Page
      name={name}
      title=""
      back={back}
      right={
        <Link to="/language" className="icon-button" aria-label={t('route.language')} data-testid="auth-language">
          <GlobalOutline fontSize={22} aria-hidden />
        </Link>
      }
      className="auth-page"
      bodyClassName="auth-body"
    >
      <div className="auth-hero">
        <LogoMark size={44} />
        <h1 className="auth-title">{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
      </div>
      {children}
    </Page>
  );
}
