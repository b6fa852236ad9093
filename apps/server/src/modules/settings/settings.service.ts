import type { SettingsRepository } from './settings.repository.ts';
import { SETTINGS_DEFAULTS, type SettingKey } from './settings-defaults.ts';

/** Settings read through a short cache: they change rarely and are read on every registration and app start. */
export class SettingsService {
  private cache: { at: number; values: Record<string, string> } | undefined;

  constructor(
    private readonly repo: SettingsRepository,
    private readonly now: () => number,
    private readonly ttlMs = 5_000,
  ) {}

  async get(key: SettingKey): Promise<string> {
    const values = await this.values();
    return values[key] ?? SETTINGS_DEFAULTS[key];
  }

  async int(key: SettingKey): Promise<number> {
    const n = Number.parseInt(await this.get(key), 10);
    return Number.isFinite(n) ? n : Number.parseInt(SETTINGS_DEFAULTS[key], 10);
  }

  async set(key: SettingKey, value: string): Promise<void> {
    await this.repo.set(key, value);
    this.cache = undefined;
  }

  /** Several settings and their audit record, committed together (see SettingsRepository.setAll). */
  async setAll(values: Record<string, string>, alongside: Parameters<SettingsRepository['setAll']>[1]): Promise<void> {
    try {
      await this.repo.setAll(values, alongside);
    } finally {
      this.cache = undefined;
    }
  }

  private async values(): Promise<Record<string, string>> {
    const now = this.now();
    if (!this.cache || now - this.cache.at > this.ttlMs) this.cache = { at: now, values: await this.repo.all() };
    return this.cache.values;
  }
}
