import { RECOVERY_CODE_COUNT, type TotpSetup } from '@tradepad/contracts';
import { refuse, refuseWith } from '../../core/errors.ts';
import type { Clock } from '../../ports/clock.ts';
import {
  TOTP_MAX_TRIES,
  TOTP_WINDOW_MS,
  isTotpCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  otpauthUrl,
  recoveryCodeHash,
  sealSecret,
} from './totp.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { FactorKind, FactorRow, TwoFactorRepository } from './twofactor.repository.ts';

export type { FactorKind };
/** What changed on a trader's factor, for the "2FA changed" notification. */

export type TotpChange = 'enabled' | 'disabled';

export interface TotpDeps {
  repo: TwoFactorRepository;
  clock: Clock;
  /** The run-time settings: the issuer shown in the authenticator app is the site name (`site_name`). */
  settings: Pick<SettingsService, 'get'>;
  /** TOTP_KEY: secrets are stored encrypted with it when given. */
  key?: Buffer | undefined;
  /** Called after a trader's 2FA was turned on or off (committed); the notifications hook in here. */
  onChanged?: ((userId: number, change: TotpChange) => void) | undefined;
}

/**
 * Two-factor sign-in with TOTP (DESIGN §10): optional for traders (with single-use recovery codes), mandatory for
 * staff (enrolment). Every evaluation of a code is counted and limited in one statement before it is compared
 * (TOTP_MAX_TRIES per TOTP_WINDOW_MS per factor), and a code's time step is taken by compare-and-set, so a code
 * serves once. Secrets are answered only by `setup`, never logged, and stored encrypted when TOTP_KEY is set.
 */
export class TotpService {
  /** Settable after construction, so the notifications can be wired in at composition. */
  onChanged: ((userId: number, change: TotpChange) => void) | undefined;

  constructor(private readonly d: TotpDeps) {
    this.onChanged = d.onChanged;
  }

  isEnabled(kind: FactorKind, ownerId: number): Promise<boolean> {
    return this.d.repo.isEnabled(kind, ownerId);
  }

  /** A new pending secret (replacing an earlier pending one); refused while the factor is on. */
  async setup(kind: FactorKind, ownerId: number, label: string): Promise<TotpSetup> {
    const secret = newTotpSecret();
    const stored = sealSecret(secret, owner(kind, ownerId), this.d.key);
    if (!(await this.d.repo.savePending(kind, ownerId, stored, this.d.clock.now()))) throw refuse('err.totp_already_on');
    return { secret, otpauth_url: otpauthUrl(await this.d.settings.get('site_name'), label, secret) };
  }

  /** Turns the pending secret on with one of its codes; a trader gets recovery codes, shown this once. */
  async enable(kind: FactorKind, ownerId: number, code: string): Promise<string[]> {
    const row = await this.d.repo.factor(kind, ownerId);
    if (row?.enabled) throw refuse('err.totp_already_on');
    if (!row?.pending_secret) throw refuse('err.totp_setup_first');
    await this.claim(row);
    const now = this.d.clock.now();
    const step = await matchingStep(openSecret(row.pending_secret, owner(kind, ownerId), this.d.key), code, now);
    if (step === undefined) throw refuse('err.totp_wrong');
    const recovery = kind === 'user' ? newRecoveryCodes(RECOVERY_CODE_COUNT) : [];
    const done = await this.d.repo.enable(row.id, kind, ownerId, row.pending_secret, step, recovery.map(recoveryCodeHash), now);
    if (!done) throw refuse('err.totp_setup_first');
    if (kind === 'user') this.onChanged?.(ownerId, 'enabled');
    return recovery;
  }

  /** Turns a trader's 2FA off with a code or a recovery code. */
  async disable(userId: number, code: string): Promise<void> {
    const row = await this.d.repo.factor('user', userId);
    if (!row?.enabled) throw refuse('err.totp_not_on');
    await this.check(row, code, true);
    if (!(await this.d.repo.disable(row.id, 'user', userId))) throw refuse('err.totp_not_on');
    this.onChanged?.(userId, 'disabled');
  }

  /**
   * Staff turned a trader's 2FA off (a lost authenticator, DESIGN §11), without a code; the trader is told through
   * `onChanged`. False when it was not on.
   */
  async resetByStaff(userId: number): Promise<boolean> {
    const row = await this.d.repo.factor('user', userId);
    if (!row?.enabled) return false;
    if (!(await this.d.repo.disable(row.id, 'user', userId))) return false;
    this.onChanged?.(userId, 'disabled');
    return true;
  }

  /**
   * Checks a trader's authenticator code for a sensitive action (a withdrawal in place of a mail code): resolves when
   * it is right and unused, throws the refusal otherwise (also when 2FA is off). Recovery codes do not serve here.
   */
  async verify(userId: number, code: string): Promise<void> {
    const row = await this.d.repo.factor('user', userId);
    if (!row?.enabled) throw refuse('err.totp_not_on');
    await this.check(row, code.replace(/\s+/g, ''), false);
  }

  /**
   * The second factor at sign-in: nothing to do when it is off (false). When it is on, a missing code answers
   * `{"totp_required": true}` and a wrong one is refused; a trader may give a recovery code instead. True once passed.
   */
  async atLogin(kind: FactorKind, ownerId: number, code: string | undefined): Promise<boolean> {
    const row = await this.d.repo.factor(kind, ownerId);
    if (!row?.enabled) return false;
    if (code === undefined) throw refuseWith('err.totp_required', { totp_required: true });
    await this.check(row, code, kind === 'user');
    return true;
  }

  /** Counts one evaluation against the factor's limit, or refuses without comparing anything. */
  private async claim(row: FactorRow): Promise<void> {
    const now = this.d.clock.now();
    if ((await this.d.repo.claimAttempt(row.id, TOTP_MAX_TRIES, TOTP_WINDOW_MS, now)) !== undefined) return;
    const fresh = await this.d.repo.factor(row.kind as FactorKind, row.owner_id);
    const until = Number(fresh?.attempts_since ?? now) + TOTP_WINDOW_MS;
    throw refuse('err.totp_locked', { minutes: Math.max(1, Math.ceil((until - now) / 60_000)) });
  }

  private async check(row: FactorRow, code: string, allowRecovery: boolean): Promise<void> {
    await this.claim(row);
    const now = this.d.clock.now();
    if (isTotpCode(code)) {
      const secret = row.secret ? openSecret(row.secret, owner(row.kind as FactorKind, row.owner_id), this.d.key) : undefined;
      const step = secret ? await matchingStep(secret, code, now) : undefined;
      if (step === undefined) throw refuse('err.totp_wrong');
      if (!(await this.d.repo.useStep(row.id, step, now))) throw refuse('err.totp_used');
      return;
    }
    const kind = row.kind as FactorKind;
    if (!allowRecovery || !(await this.d.repo.useRecoveryCode(kind, row.owner_id, recoveryCodeHash(code), now)))
      throw refuse('err.totp_wrong');
  }
}

/** What a sealed secret is bound to: its owner. */
const owner = (kind: FactorKind, ownerId: number): string => `${kind}:${ownerId}`;
