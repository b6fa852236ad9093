import { useTranslation } from '../../i18n/i18n.ts';
import { Link } from '../router/router.tsx';
import { NoData } from './no-data.tsx';
import { Page } from './page.tsx';

/** What a demo user sees in place of a real-account-only screen: the only-real-account message and a way back. */
export default function OnlyRealNotice({ name, titleKey, back }: { name: string; titleKey: string; back: string }) {
  const { t } = useTranslation();
  return (
    <Page name={name} title={t(titleKey)} back={back}>
      <div data-testid="only-real">
        <NoData
          title={t('msg.onlyRealAccount')}
          hint={t('msg.registerNotice')}
          action={
            <Link to="/user" className="no-data-action">
              {t('common.backToAccount')}
            </Link>
          }
        />
      </div>
    </Page>
  );
}
