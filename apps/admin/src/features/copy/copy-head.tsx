import { Tab, Tabs } from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import { PageHead } from '../../ui/page-head.tsx';

/** The section's heading and its two pages as tabs: the strategies (with their followers) and the fees charged. */
export function CopyHead({ tab }: { tab: 'strategies' | 'fees' }) {
  const translate = useTranslate();
  return (
    <>
      <PageHead title="tp.copy.title" intro="tp.copy.intro" />
      <Tabs value={tab} aria-label={translate('tp.copy.tabs')} sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="strategies" label={translate('tp.copy.tab_strategies')} component={Link} to="/copy" />
        <Tab value="fees" label={translate('tp.copy.tab_fees')} component={Link} to="/copy/fees" />
      </Tabs>
    </>
  );
}
