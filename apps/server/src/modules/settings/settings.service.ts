import type { SettingsAnswer } from '@tradepad/contracts/settings/calls';
import { mapSettings } from '@tradepad/contracts/settings/table';
import { afterCommit } from '../../db/after-commit.ts';
import type { Tx } from '../../db/database.ts';
import type { SettingsRepository } from './settings.repository.ts';
import { SETTINGS_DEFAULTS, type SettingKey } from './settings-defaults.ts';

/**
 * Settings whose value lives elsewhere (the margin-call and stop-out levels are the default account type's, DESIGN
 * §16): read from its owner, written through it in the settings' own transaction, the owner told once it committed.
 */
export interface LinkedSettings {
  readonly keys: readonly SettingKey[];
  read(): Partial<Record<SettingKey, string>>;
  write(trx: Tx, values: Partial<Record<SettingKey, string>>): Promise<void>;
  committed(): Promise<void>;
}

/** Settings read through a short cache: they change rarely and are read on every registration and app start. */
export class SettingsService {
  private linked: LinkedSettings | undefined;
  private cache: { at: number; values: Record<string, string> } | undefined;
  /** The read under way: the requests that find the cache expired together share it (every order reads settings). */
  private loading: Promise<Record<string, string>> | undefined;
  /** Bumped by every write: a read that a write overtook answers its callers but fills no cache. */
  private generation = 0;

  constructor(
    private readonly repo: SettingsRepository,
    private readonly now: () => number,
    private readonly ttlMs = 5_000,
  ) {}

  /** Hands some keys to their owner (the account types, for the default type's levels): one source for each value. */
  link(linked: LinkedSettings): void {
    this.linked = linked;
  }

  async get(key: SettingKey): Promise<string> {
    const values = await this.values();
    return this.linkedValue(key) ?? values[key] ?? SETTINGS_DEFAULTS[key];
  }

  /** Every setting, its stored value or else its default, from one read. */
  async all(): Promise<SettingsAnswer> {
    const values = await this.values();
    return mapSettings((row, key) => this.linkedValue(key) ?? values[key] ?? row.default);
  }

  private linkedValue(key: SettingKey): string | undefined {
    return this.linked?.keys.includes(key) ? this.linked.read()[key] : undefined;
  }

  /** `values` split into the stored ones and those of the linked owner. */
  private split(values: Partial<Record<SettingKey, string>>) {
    const stored: Record<string, string> = {};
    const linked: Partial<Record<SettingKey, string>> = {};
    for (const [key, value] of Object.entries(values) as Array<[SettingKey, string | undefined]>) {
      if (value === undefined) continue;
      if (this.linked?.keys.includes(key)) linked[key] = value;
      else stored[key] = value;
    }
    return { stored, linked, anyLinked: Object.keys(linked).length > 0 };
  }

  async int(key: SettingKey): Promise<number> {
    const n = Number.parseInt(await this.get(key), 10);
    return Number.isFinite(n) ? n : Number.parseInt(SETTINGS_DEFAULTS[key], 10);
  }

  async set(key: SettingKey, value: string): Promise<void> {
    if (this.linked?.keys.includes(key)) return this.setAll({ [key]: value }, async () => undefined);
    await this.repo.set(key, value);
    this.forget();
  }

  /** Several settings and their audit record, committed together (see SettingsRepository.setAll). */
  async setAll(
    values: Partial<Record<SettingKey, string>>,
    alongside: Parameters<SettingsRepository['setAll']>[1],
  ): Promise<void> {
    const { stored, linked, anyLinked } = this.split(values);
    try {
      await this.repo.setAll(stored, async (trx) => {
        if (anyLinked) await this.linked!.write(trx, linked);
        await alongside(trx);
      });
    } finally {
      this.forget();
    }
    if (anyLinked) await this.linked!.committed();
  }

  /**
   * Writes settings inside the caller's transaction (opened through `transaction()`): an approved change takes effect
   * with its decision and audit record; the cache is dropped once it commits.
   */
  async setWithin(trx: Tx, values: Partial<Record<SettingKey, string>>): Promise<void> {
    const { stored, linked, anyLinked } = this.split(values);
    await this.repo.writeIn(trx, stored);
    if (anyLinked) await this.linked!.write(trx, linked);
    afterCommit(trx, () => {
      this.forget();
      if (anyLinked) void this.linked!.committed();
    });
  }

  private forget(): void {
    this.cache = undefined;
    this.loading = undefined;
    this.generation += 1;
  }

  private values(): Promise<Record<string, string>> {
    const now = this.now();
    if (this.cache && now - this.cache.at <= this.ttlMs) return Promise.resolve(this.cache.values);
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.repo.all().then(
      (values) => {
        if (generation === this.generation) {
          this.cache = { at: now, values };
          this.loading = undefined;
        }
        return values;
      },
      (err: unknown) => {
        if (generation === this.generation) this.loading = undefined;
        throw err;
      },
    );
    this.loading = loading;
    return loading;
  }
}
