import type {
  AccountType,
  Area,
  BasicInfo,
  Captcha,
  CashBalance,
  CodePurpose,
  Company,
  CompanyStatus,
  DemoAccount,
  InviteList,
  Lang,
  UserProfile,
  amendPasswordParams,
  forgetPasswordParams,
  loginParams,
  registerParams,
} from '@tradepad/contracts';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { SecondFactorCheck } from '../../core/access.ts';
import type { Clock } from '../../ports/clock.ts';
import type { MessageSender } from '../../ports/messaging.ts';
import { silentNotifier, type Notifier } from '../../ports/notifier.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { Throttle } from '../throttle/throttle.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { CodeRequests } from './code-requests.ts';
import { CodeTargets } from './code-targets.ts';
import { DemoAccounts } from './demo-accounts.ts';
import { Invites } from './invites.ts';
import { Passwords } from './passwords.ts';
import { Profile } from './profile.ts';
import { ReferenceData } from './reference-data.ts';
import type { SessionsService } from './sessions.service.ts';
import { SignIn } from './sign-in.ts';
import { SignUp } from './sign-up.ts';
import { VerificationCodes } from './verification-codes.ts';
import type { RealUser } from '../../core/access.ts';

export interface AccountsDeps {
  db: Db;
  repo: AccountsRepository;
  ledger: LedgerRepository;
  settings: SettingsService;
  sessions: SessionsService;
  sender: MessageSender;
  clock: Clock;
  config: Config;
  /** The limits of sign-in and sign-up, counted in the database (DESIGN §10). */
  throttle: Throttle;
  /** Chooses captcha texts; tests pass a known one. Default: 4 random characters without look-alikes. */
  captchaText?: (() => string) | undefined;
  /** Two-factor sign-in (modules/twofactor), checked once the password is right. */
  secondFactor?: SecondFactorCheck | undefined;
  notifier?: Notifier | undefined;
  /**
   * The sign-up documents as traders see them now (the content module): each one's article id and version, recorded
   * with a sign-up's consent (issue 21); null for a document that is not published.
   */
  legalVersions?: (() => Promise<LegalVersions>) | undefined;
  /** Told of every successful sign-in (the notifications module: a new device is notified); never throws. */
  signedIn?: ((userId: number, from: { ip: string; deviceId?: string | undefined }) => void) | undefined;
  /** The account type a user row names, as the profile shows it (the account-types module; DESIGN §16). */
  accountTypeOf?: ((typeId: number | null) => AccountType) | undefined;
}

/**
 * Registration, sign-in, verification codes and passwords of traders, and the reference data the app starts with.
 * Each job is a class of its own (reference-data.ts, code-requests.ts, sign-up.ts, demo-accounts.ts, sign-in.ts,
 * passwords.ts, profile.ts, invites.ts); this one builds them from one set of dependencies and answers the routes.
 */
export class AccountsService {
  readonly reference: ReferenceData;
  readonly codeRequests: CodeRequests;
  readonly signUp: SignUp;
  readonly demos: DemoAccounts;
  readonly signIn: SignIn;
  readonly passwords: Passwords;
  readonly profiles: Profile;
  readonly inviteList: Invites;

  constructor(d: AccountsDeps) {
    const codes = new VerificationCodes(d);
    this.reference = new ReferenceData(d);
    const targets = new CodeTargets(this.reference, d);
    this.codeRequests = new CodeRequests(codes, targets, this.reference, d);
    this.signUp = new SignUp(codes, targets, this.reference, d);
    this.demos = new DemoAccounts(d);
    this.signIn = new SignIn(targets, this.reference, this.demos, d);
    this.passwords = new Passwords(codes, targets, this.reference, d.notifier ?? silentNotifier, d);
    this.profiles = new Profile(this.reference, d);
    this.inviteList = new Invites(d);
  }

  // Reference data

  areaList(lang: Lang): Promise<Area[]> {
    return this.reference.areaList(lang);
  }

  basicInfo(): Promise<BasicInfo> {
    return this.reference.basicInfo();
  }

  companyStatus(): Promise<CompanyStatus> {
    return this.reference.companyStatus();
  }

  companies(name: string | undefined): Promise<Company[]> {
    return this.reference.companies(name);
  }

  // Captchas and verification codes

  captcha(ip: string): Promise<Captcha> {
    return this.codeRequests.captcha(ip);
  }

  /** Checks a solved captcha (one use); the throttle asks for one at sign-in past the failure limits. */
  checkCaptcha(key: string | undefined, text: string): Promise<void> {
    return this.codeRequests.checkCaptcha(key, text);
  }

  sendEmailCode(p: { email?: string | undefined; type: CodePurpose }, ctx: RequestCtx): Promise<void> {
    return this.codeRequests.sendEmailCode(p, ctx);
  }

  sendSmsCode(p: { to?: string | undefined; area_id?: number | undefined; type: CodePurpose }, ctx: RequestCtx): Promise<void> {
    return this.codeRequests.sendSmsCode(p, ctx);
  }

  /** Checks a type-4 code sent to the user's own address; answers what uses it up in the caller's transaction. */
  checkOwnerCode(user: UserRow, code: string, ip: string): Promise<(trx: Tx) => Promise<void>> {
    return this.codeRequests.checkOwnerCode(user, code, ip);
  }

  // Registration and sign-in

  register(p: z.infer<typeof registerParams>, ctx: RequestCtx): Promise<void> {
    return this.signUp.register(p, ctx);
  }

  /** The demo account of a device, created and funded on first call. */
  demoAccount(uuid: string, ctx: RequestCtx): Promise<DemoAccount> {
    return this.demos.demoAccount(uuid, ctx);
  }

  login(p: z.infer<typeof loginParams>, ctx: RequestCtx): Promise<{ token: string; user: UserRow }> {
    return this.signIn.login(p, ctx);
  }

  /** Switches between one's real and demo account without signing in again (see SignIn.switchAccount). */
  switchAccount(caller: UserRow, sessionId: number, ctx: RequestCtx): Promise<{ token: string; user: UserRow }> {
    return this.signIn.switchAccount(caller, sessionId, ctx);
  }

  logout(sessionId: number): Promise<void> {
    return this.signIn.logout(sessionId);
  }

  // Passwords

  forgetPassword(p: z.infer<typeof forgetPasswordParams>, ctx: RequestCtx): Promise<void> {
    return this.passwords.forgetPassword(p, ctx);
  }

  amendPassword(
    user: RealUser,
    sessionId: number,
    p: z.infer<typeof amendPasswordParams>,
    ctx: Pick<RequestCtx, 'ip'>,
  ): Promise<void> {
    return this.passwords.amendPassword(user, sessionId, p, ctx);
  }

  // Profile, balance and invites

  profile(user: UserRow): Promise<UserProfile> {
    return this.profiles.profile(user);
  }

  balance(user: UserRow): Promise<CashBalance> {
    return this.profiles.balance(user);
  }

  userById(id: number): Promise<UserRow | undefined> {
    return this.profiles.userById(id);
  }

  invites(user: RealUser, page: number, limit: number): Promise<InviteList> {
    return this.inviteList.invites(user, page, limit);
  }
}

/** Each sign-up document's article id and version (its `updated_at`, unix ms); null when not published. */
export type LegalVersions = Record<'terms' | 'privacy' | 'risk', { id: number; version: number } | null>;

export interface RequestCtx {
  /** The validated client address. */
  ip: string;
  /** The socket peer, stored beside it. */
  peer?: string;
  userAgent: string;
  lang: Lang;
  user?: UserRow | undefined;
  log: { error(obj: object, msg: string): void };
}
