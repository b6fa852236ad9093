import {
  DEFAULT_LANG,
  LANG_TAGS,
  parseLang,
  type Area,
  type BasicInfo,
  type Company,
  type CompanyStatus,
  type Lang,
} from '@tradepad/contracts';
import { refuse } from '../../core/errors.ts';
import type { AreaRow } from './accounts.repository.ts';
import type { AccountsDeps } from './accounts.service.ts';

/**
 * What the app reads before anyone signs in: the areas with their calling codes and restricted regions, the site's
 * switches and the companies. The other parts of the accounts module look areas up here (one cache of the list).
 */
export class ReferenceData {
  private areasCache: Promise<AreaRow[]> | undefined;

  constructor(private readonly d: Pick<AccountsDeps, 'repo' | 'settings'>) {}

  async areaList(lang: Lang): Promise<Area[]> {
    const names = new Intl.DisplayNames([LANG_TAGS[lang], 'en'], { type: 'region', fallback: 'code' });
    const restricted = await this.restrictedRegions();
    return (await this.areas()).map((a) => ({
      area_id: a.id,
      area_code: a.area_code,
      global_code: a.global_code,
      name: names.of(a.area_code) ?? a.area_code,
      restricted: restricted.has(a.area_code) ? 1 : 0,
    }));
  }

  async basicInfo(): Promise<BasicInfo> {
    const s = this.d.settings;
    return {
      service_link: await s.get('service_link'),
      service_link_type: await s.int('service_link_type'),
      verify_reg_type: await s.int('verify_reg_type'),
      trade_fee_type: await s.int('trade_fee_type'),
      is_show_mobile: await s.int('is_show_mobile'),
      complaint_email: await s.get('complaint_email'),
      site_name: await s.get('site_name'),
      default_language: parseLang(await s.get('default_language')) ?? DEFAULT_LANG,
    };
  }

  async companyStatus(): Promise<CompanyStatus> {
    const s = this.d.settings;
    return { status: await s.int('company_status'), type: await s.int('company_type'), loss_url: await s.get('loss_url') };
  }

  async companies(name: string | undefined): Promise<Company[]> {
    return this.d.repo.searchCompanies(name);
  }

  areas(): Promise<AreaRow[]> {
    this.areasCache ??= this.d.repo.areas().catch((e: unknown) => {
      this.areasCache = undefined;
      throw e;
    });
    return this.areasCache;
  }

  async area(areaId: number): Promise<AreaRow> {
    const area = (await this.areas()).find((a) => a.id === areaId);
    if (!area) throw refuse('err.area_invalid');
    return area;
  }

  /** Restricted regions: the run-time setting (seeded from RESTRICTED_REGIONS on first start; staff change it). */
  async restrictedRegions(): Promise<Set<string>> {
    const list = await this.d.settings.get('restricted_regions');
    return new Set(
      list
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    );
  }

  async refuseRestricted(area: AreaRow): Promise<void> {
    if ((await this.restrictedRegions()).has(area.area_code)) throw refuse('err.area_restricted');
  }
}
