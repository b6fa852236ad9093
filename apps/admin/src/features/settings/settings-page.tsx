import { Alert, Typography } from '@mui/material';
import {
  AccessDenied,
  BooleanInput,
  Edit,
  Loading,
  NumberInput,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useAccess } from '../../ui/use-access.ts';
import { WALLET_SETTINGS_ID, type RecordOf } from '../../providers/data-provider.ts';
import { PageHead } from '../../ui/page-head.tsx';
import { RuntimeSettings } from './runtime-settings.tsx';

/** Wallet settings staff change at run time; finance reads them, compliance and super admins change them. */
export function SettingsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { may, role, isPending } = useAccess();
  const canChange = may('wallet-settings', 'act');
  if (isPending) return <Loading />;
  if (!may('wallet-settings', 'read')) return <AccessDenied />;
  return (
    <>
      <PageHead title="tp.settings.title" intro="tp.settings.intro" />
      <Edit<RecordOf<'wallet-settings'>>
        resource="wallet-settings"
        id={WALLET_SETTINGS_ID}
        mutationMode="pessimistic"
        // Signed in already (the console requires it) and the role checked above: finance reads the form here even
        // though react-admin would count an edit page as acting.
        disableAuthentication
        redirect={false}
        title={false}
        actions={false}
        transform={(d) => ({
          withdraw_requires_kyc: d.withdraw_requires_kyc === true,
          withdraw_method_hold_hours: Number(d.withdraw_method_hold_hours),
        })}
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
          <NumberInput
            source="withdraw_method_hold_hours"
            label="tp.settings.hold_hours"
            helperText="tp.settings.hold_hours_hint"
            min={0}
            max={720}
            step={1}
            validate={(v: unknown) =>
              Number.isInteger(Number(v)) && Number(v) >= 0 && Number(v) <= 720 && v !== null && v !== ''
                ? undefined
                : 'tp.settings.hold_hours_invalid'
            }
            disabled={!canChange}
            sx={{ maxWidth: 320 }}
          />
          {!canChange && (
            <Alert severity="info" variant="outlined">
              {translate('tp.settings.read_only')}
            </Alert>
          )}
        </SimpleForm>
      </Edit>
      {role === 'super_admin' && <RuntimeSettings />}
    </>
  );
}
