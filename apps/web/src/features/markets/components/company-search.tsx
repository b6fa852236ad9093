import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { CloseOutline, RightOutline } from 'antd-mobile-icons';
import type { Company } from '@tradepad/contracts/accounts/constants';
import { serverAssetUrl } from '../../../shared/api/api-origin.ts';
import { rememberCompany, rememberedCompanyId } from '../../../shared/lib/company-cookie.ts';
import { Popup } from '../../../shared/ui/antd.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { useCompanySearch } from '../api/company-search.api.ts';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { SearchField } from './search-field.tsx';
import './company-search.css';

const SEARCH_DELAY_MS = 300;

/**
 * Main-site mode's /product (spec §2): search companies by name and open one's information (name, logo, website,
 * business, registered address, location, email). The company looked at last is remembered for 3 years (spec §9).
 */
export default function CompanySearch() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const result = useCompanySearch(term);
  const [open, setOpen] = useState<Company | null>(null);
  const [remembered, setRemembered] = useState(rememberedCompanyId);
  const companies = result.data;

  const show = (company: Company) => {
    rememberCompany(company.id);
    setRemembered(company.id);
    setOpen(company);
  };

  return (
    <>
      <SearchField
        value={text}
        onChange={setText}
        label={t('company.search')}
        placeholder={t('company.placeholder')}
        testId="company-search"
      />
      <div className="product-results" aria-busy={result.isFetching}>
        {!companies ? (
          result.isError ? (
            <NoData title={t('company.loadError')} />
          ) : (
            <div className="page-loading" role="status">
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">{t('common.loading')}</span>
            </div>
          )
        ) : companies.length === 0 ? (
          <NoData title={t('company.noMatch', { query: term })} hint={t('company.noMatchHint')} />
        ) : (
          <ul className="company-list" aria-label={t('company.results')}>
            {companies.map((c) => (
              <li key={c.id}>
                <button type="button" className="company-row" data-testid={`company-${c.id}`} onClick={() => show(c)}>
                  <CompanyLogo company={c} size={44} />
                  <span className="company-row-text">
                    <span className="company-name">{c.name}</span>
                    <span className="company-sub">{[c.location, c.subject].filter(Boolean).join(' · ')}</span>
                  </span>
                  {remembered === c.id && <span className="company-badge">{t('company.lastViewed')}</span>}
                  <RightOutline className="company-chevron flip-rtl" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        onClose={() => setOpen(null)}
        bodyClassName="company-sheet"
        destroyOnClose
      >
        {open && <CompanyInfo company={open} onClose={() => setOpen(null)} />}
      </Popup>
    </>
  );
}

function CompanyLogo({ company, size }: { company: Company; size: number }) {
  return company.logo ? (
    <img className="company-logo" src={serverAssetUrl(company.logo)} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className="company-logo" style={{ width: size, height: size }} aria-hidden="true" />
  );
}

/** The company information popup. */
function CompanyInfo({ company, onClose }: { company: Company; onClose(): void }) {
  const { t } = useTranslation();
  const website = /^https?:\/\//i.test(company.url) ? company.url : '';
  const email = /^[^\s@]+@[^\s@]+$/.test(company.email) ? company.email : '';
  const rows: Array<[string, ReactNode]> = [
    [t('company.subject'), company.subject],
    [t('company.registeredAddress'), company.registered_address],
    [t('company.location'), company.location],
    [
      t('company.website'),
      website ? (
        <a href={website} target="_blank" rel="noopener noreferrer">
          <bdi>{company.url}</bdi>
        </a>
      ) : (
        company.url
      ),
    ],
    [
      t('company.email'),
      email ? (
        <a href={`mailto:${email}`}>
          <bdi>{email}</bdi>
        </a>
      ) : (
        company.email
      ),
    ],
  ];
  return (
    <section role="dialog" aria-modal="true" aria-labelledby="company-info-title" data-testid="company-info">
      <header className="company-sheet-head">
        <CompanyLogo company={company} size={48} />
        <h2 id="company-info-title" className="company-sheet-title">
          {company.name}
        </h2>
        <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
          <CloseOutline fontSize={20} aria-hidden />
        </button>
      </header>
      <dl className="company-facts">
        {rows
          .filter(([, v]) => Boolean(v))
          .map(([label, value]) => (
            <div key={label} className="company-fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
