import { ADMIN_API } from '@tradepad/contracts/api-paths';
import { call } from '../../api.ts';

export interface WalletSettings {
  /** Whether a user must pass real-name verification before withdrawing. */
  withdraw_requires_kyc: boolean;
}

export const walletSettings = () => call<WalletSettings>('GET', ADMIN_API.walletSettings);
export const saveWalletSettings = (s: WalletSettings) => call<WalletSettings>('POST', ADMIN_API.walletSettings, { ...s });
