import { DEPOSIT_BANK, DEPOSIT_COIN } from '@tradepad/contracts';
import { STAFF_ACCESS } from '@tradepad/contracts/staff/constants';
import { micros, type Micros } from '@tradepad/domain';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import type { Tx } from '../../db/database.ts';
import { OwnerConfirmation } from '../accounts/owner-confirmation.ts';
import type { ModuleContext } from '../context.ts';
import type { KycService } from '../kyc/kyc.service.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { AccountFiguresNow } from '../trading/engine-commands.ts';
import type { TotpService } from '../twofactor/totp.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { WalletConfigService } from './wallet-config.service.ts';
import { WalletReviewService } from './wallet-review.service.ts';
import { WalletRepository } from './wallet.repository.ts';
import { walletAdminRoutes } from './wallet.admin.routes.ts';
import { walletRoutes } from './wallet.routes.ts';
import { seedWallet } from './wallet.seed.ts';
import { WalletService } from './wallet.service.ts';

/**
 * Deposits, withdrawals and the methods they use, with the staff's review and configuration (channels, currencies,
 * the wallet rule). Seeds the deposit channels on first start. Binding a method and withdrawing need the owner: a
 * type-4 code, or a TOTP code when two-factor is on (DESIGN §10).
 */
export async function registerWallet(
  ctx: ModuleContext,
  deps: {
    accounts: AccountsService;
    totp: TotpService;
    kyc: KycService;
    uploads: UploadsService;
    notifications: NotificationsService;
    notices: NoticesService;
    figuresNow: (userId: number, cash: Micros) => Promise<AccountFiguresNow>;
    /** The changes queue: new receiving details wait there for a second staff member (issue 29). */
    changes: ChangesService;
    /** Who credited a user by adjustment since a time (the users module): their withdrawals are someone else's. */
    creditors: (trx: Tx, userId: number, since: number) => Promise<number[]>;
  },
) {
  const { db, ledger, audit, settings, clock } = ctx;
  const repo = new WalletRepository(db);
  await seedWallet(repo, clock.now());
  const kycStatus = (userId: number) => deps.kyc.status(userId);
  const wallet = new WalletService({
    db,
    repo,
    ledger,
    settings,
    images: deps.uploads,
    engine: { floating: async (userId) => (await deps.figuresNow(userId, micros(0))).floating },
    kycStatus,
    owner: new OwnerConfirmation({
      accounts: deps.accounts,
      totp: { enabled: (id) => deps.totp.isEnabled('user', id), verify: (id, code) => deps.totp.verify(id, code) },
    }),
    notifier: deps.notifications,
    clock,
  });
  walletRoutes(ctx.router, wallet);
  const config = new WalletConfigService({ repo, audit, settings, clock, changes: deps.changes });
  for (const [kind, type] of [
    ['deposit_channel', DEPOSIT_COIN],
    ['wire_channel', DEPOSIT_BANK],
  ] as const)
    deps.changes.handle(kind, {
      roles: STAFF_ACCESS.finance,
      apply: (trx, c, at) => config.applyChannelChange(type, trx, c, at),
    });
  walletAdminRoutes(ctx.router, {
    repo,
    review: new WalletReviewService({
      db,
      repo,
      ledger,
      audit,
      images: deps.uploads,
      kycStatus,
      notifier: deps.notifications,
      notices: deps.notices,
      creditors: deps.creditors,
      clock,
    }),
    config,
  });
  return { wallet };
}
