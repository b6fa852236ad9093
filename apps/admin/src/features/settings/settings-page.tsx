import type { WalletSettings } from '@tradepad/contracts/admin-config';
import { Alert, Typography } from '@mui/material';
import { BooleanInput, Edit, SaveButton, SimpleForm, Toolbar, useNotify, usePermissions, useTranslate } from 'react-admin';
import { mayUse } from '../../access.ts';
import { WALLET_SETTINGS_ID } from '../../providers/data-provider.ts';
import { PageHead } from '../../ui/page-head.tsx';

/** Wallet settings staff change at run time; finance reads them, compliance and super admins change them. */
export function SettingsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { permissions } = usePermissions<string>();
  const canChange = mayUse(permissions, 'wallet-settings', 'act');
  return (
    <>
      <PageHead title="tp.settings.title" intro="tp.settings.intro" />
      <Edit<WalletSettings & { id: string }>
        resource="wallet-settings"
        id={WALLET_SETTINGS_ID}
        mutationMode="pessimistic"
        redirect={false}
        title={false}
        actions={false}
        transform={(d) => ({ withdraw_requires_kyc: d.withdraw_requires_kyc === true })}
        mutationOptions={{ onSuccess: () => notify('tp.settings.saved', { type: 'success' }) }}
        sx={{ maxWidth: 720 }}
      >
        <SimpleForm
          toolbar={
            canChange ? (
              <Toolbar>
                <SaveButton />
              </Toolbar>
            ) : (
              false
            )
          }
        >
          <Typography variant="h6" component="h2">
            {translate('tp.settings.withdrawals')}
          </Typography>
          <BooleanInput
            source="withdraw_requires_kyc"
            label="tp.settings.require_kyc"
            helperText="tp.settings.require_kyc_hint"
            disabled={!canChange}
          />
          {!canChange && (
            <Alert severity="info" variant="outlined">
              {translate('tp.settings.read_only')}
            </Alert>
          )}
        </SimpleForm>
      </Edit>
    </>
  );
}
