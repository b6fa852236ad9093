import { Tab, Tabs } from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import { PageHead } from '../../ui/page-head.tsx';
import { useAccess } from '../../ui/use-access.ts';

/**
 * Whether the signed-in role reads the strategies and their followers. The contracts give those calls to the roles
 * that act in the section (the trading desk: dealers and super admins, who suspend and resume), while the fees are
 * read by finance too; so the section's `act` roles are the strategies' readers.
 */
export function useReadsStrategies(): boolean {
  return useAccess().may('copy', 'act');
}

/** The section's heading and its two pages as tabs: the strategies (with their followers) and the fees charged. */
export function CopyHead({ tab }: { tab: 'strategies' | 'fees' }) {
  const translate = useTranslate();
  const strategies = useReadsStrategies();
  return (
    <>
      <PageHead title="tp.copy.title" intro="tp.copy.intro" />
      <Tabs value={tab} aria-label={translate('tp.copy.tabs')} sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}>
        {strategies && <Tab value="strategies" label={translate('tp.copy.tab_strategies')} component={Link} to="/copy" />}
        <Tab value="fees" label={translate('tp.copy.tab_fees')} component={Link} to="/copy/fees" />
      </Tabs>
    </>
  );
}
