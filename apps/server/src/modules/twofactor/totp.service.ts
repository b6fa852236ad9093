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
import type { Tx } from '../../db/database.ts';

export type { FactorKind };

/**
 * What a factor change does to the owner's sessions (the accounts module's sessions of that kind): a change ends every
 * other session, inside the change's transaction, so their sockets are told after its commit (DESIGN §16).
 */
export interface FactorSessions {
  revokeAll(actorId: number, keepSessionId?: number, db?: Tx): Promise<void>;
  markFactorPassed(sessionId: number, db?: Tx): Promise<boolean>;
  /** Forgets the owner's cached sessions once the change committed (traders' sessions are cached). */
  forgetUser(actorId: number): void;
}
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
  /** The sessions of each kind of owner (a closure: the accounts module is registered after this one). */
  sessions: (kind: FactorKind) => FactorSessions;
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

  /**
   * A new pending secret (replacing an earlier pending one), bound to the session that asked for it: only that session
   * may confirm it (DESIGN §16). Refused while the factor is on.
   */
  async setup(kind: FactorKind, ownerId: number, label: string, sessionId: number): Promise<TotpSetup> {
    const secret = newTotpSecret();
    const stored = sealSecret(secret, owner(kind, ownerId), this.d.key);
    if (!(await this.d.repo.savePending(kind, ownerId, stored, sessionId, this.d.clock.now())))
      throw refuse('err.totp_already_on');
    return { secret, otpauth_url: otpauthUrl(await this.d.settings.get('site_name'), label, secret) };
  }

  /**
   * Turns the pending secret on with one of its codes, from the session that started it (another session's confirm is
   * refused as if nothing were pending); a trader gets recovery codes, shown this once. In the same transaction this
   * session is recorded as having passed TOTP and every other session of the owner ends (DESIGN §16).
   */
  async enable(kind: FactorKind, ownerId: number, code: string, sessionId: number): Promise<string[]> {
    const row = await this.d.repo.factor(kind, ownerId);
    if (row?.enabled) throw refuse('err.totp_already_on');
    if (!row?.pending_secret || Number(row.pending_session_id) !== sessionId) throw refuse('err.totp_setup_first');
    await this.claim(row);
    const now = this.d.clock.now();
    const step = await matchingStep(openSecret(row.pending_secret, owner(kind, ownerId), this.d.key), code, now);
    if (step === undefined) throw refuse('err.totp_wrong');
    const recovery = kind === 'user' ? newRecoveryCodes(RECOVERY_CODE_COUNT) : [];
    const sessions = this.d.sessions(kind);
    const done = await this.d.repo.enable(
      row.id,
      kind,
      ownerId,
      { secret: row.pending_secret, sessionId },
      step,
      recovery.map(recoveryCodeHash),
      now,
      async (trx) => {
        if (!(await sessions.markFactorPassed(sessionId, trx))) throw refuse('err.totp_setup_first');
        await sessions.revokeAll(ownerId, sessionId, trx);
      },
    );
    if (!done) throw refuse('err.totp_setup_first');
    sessions.forgetUser(ownerId);
    if (kind === 'user') this.onChanged?.(ownerId, 'enabled');
    return recovery;
  }

  /** Turns a trader's 2FA off with a code or a recovery code; every other session of the trader ends with it. */
  async disable(userId: number, code: string, sessionId: number): Promise<void> {
    const row = await this.d.repo.factor('user', userId);
    if (!row?.enabled) throw refuse('err.totp_not_on');
    await this.check(row, code, true);
    const sessions = this.d.sessions('user');
    const done = await this.d.repo.disable(row.id, 'user', userId, (trx) => sessions.revokeAll(userId, sessionId, trx));
    if (!done) throw refuse('err.totp_not_on');
    sessions.forgetUser(userId);
    this.onChanged?.(userId, 'disabled');
  }

  /**
   * Staff turned a trader's 2FA off (a lost authenticator, DESIGN §11), without a code: every session of the trader
   * ends with it, and the trader is told through `onChanged`. False when it was not on.
   */
  async resetByStaff(userId: number): Promise<boolean> {
    const row = await this.d.repo.factor('user', userId);
    if (!row?.enabled) return false;
    const sessions = this.d.sessions('user');
    if (!(await this.d.repo.disable(row.id, 'user', userId, (trx) => sessions.revokeAll(userId, undefined, trx)))) return false;
    sessions.forgetUser(userId);
    this.onChanged?.(userId, 'disabled');
    return true;
  }

  /**
   * Removes a staff member's factor (on or pending) inside the caller's transaction, which ends their sessions (a
   * super admin's reset, the break-glass command); answers whether it was on.
   */
  removeStaffFactor(trx: Tx, staffId: number): Promise<boolean> {
    return this.d.repo.remove(trx, 'staff', staffId);
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
