import type { SettingsAnswer } from '@tradepad/contracts/settings/calls';
import { mapSettings } from '@tradepad/contracts/settings/table';
import { afterCommit } from '../../db/after-commit.ts';
import type { Tx } from '../../db/database.ts';
import type { SettingsRepository } from './settings.repository.ts';
import { SETTINGS_DEFAULTS, type SettingKey } from './settings-defaults.ts';

/** Settings read through a short cache: they change rarely and are read on every registration and app start. */
export class SettingsService {
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

  async get(key: SettingKey): Promise<string> {
    const values = await this.values();
    return values[key] ?? SETTINGS_DEFAULTS[key];
  }

  /** Every setting, its stored value or else its default, from one read. */
  async all(): Promise<SettingsAnswer> {
    const values = await this.values();
    return mapSettings((row, key) => values[key] ?? row.default);
  }

  async int(key: SettingKey): Promise<number> {
    const n = Number.parseInt(await this.get(key), 10);
    return Number.isFinite(n) ? n : Number.parseInt(SETTINGS_DEFAULTS[key], 10);
  }

  async set(key: SettingKey, value: string): Promise<void> {
    await this.repo.set(key, value);
    this.forget();
  }

  /** Several settings and their audit record, committed together (see SettingsRepository.setAll). */
  async setAll(
    values: Partial<Record<SettingKey, string>>,
    alongside: Parameters<SettingsRepository['setAll']>[1],
  ): Promise<void> {
    const given = Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined);
    try {
      await this.repo.setAll(Object.fromEntries(given), alongside);
    } finally {
      this.forget();
    }
  }

  /**
   * Writes settings inside the caller's transaction (opened through `transaction()`): an approved change takes effect
   * with its decision and audit record; the cache is dropped once it commits.
   */
  async setWithin(trx: Tx, values: Partial<Record<SettingKey, string>>): Promise<void> {
    const given = Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined);
    await this.repo.writeIn(trx, Object.fromEntries(given));
    afterCommit(trx, () => this.forget());
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
