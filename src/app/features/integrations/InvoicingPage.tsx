// luma-invoicing's page (/admin and /home/integrations/page/luma-invoicing): the project's invoicing
// details (for those who may see the settings) and the Serbian VAT company lookup (spec section 7:
// 9 digits; mb, name, address, place). The billing form (issue 33) uses the same call, invoicingApi.
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { VAT_NUMBER_PATTERN, type CatalogueEntry, type Integration, type NbsCompany } from '../../../../runtime/api/integrations';
import { invoicingApi } from '../../../../runtime/client/integrations';
import { AppLink } from '../../components/AppLink';
import { PageHeader } from '../../components/PageHeader';
import { FailureText, failureSummary } from '../../components/form/failure';
import { integrationHref, useEntryText } from './parts';

const DETAILS = ['company', 'vat_number', 'main_number', 'currency'] as const;

function Details({ entry, installed, admin }: { entry: CatalogueEntry; installed: Integration; admin: boolean }) {
  const shown = DETAILS.filter((key) => typeof installed.settings[key] === 'string' || typeof installed.settings[key] === 'number');
  return (
    <section className="card stack" aria-labelledby="invoicing-details">
      <h2 id="invoicing-details" className="integration-section-title">
        <FormattedMessage id="invoicing.details" />
      </h2>
      {shown.length === 0 ? (
        <p className="muted" data-testid="invoicing-no-details">
          <FormattedMessage id="invoicing.noDetails" />
        </p>
      ) : (
        <dl className="invoicing-company" data-testid="invoicing-details">
          {shown.map((key) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>
                <FormattedMessage id={`integrations.setting.${entry.id}.${key}`} />
              </dt>
              <dd>{String(installed.settings[key])}</dd>
            </div>
          ))}
        </dl>
      )}
      {admin ? (
        <AppLink className="button" href={integrationHref(entry.id)}>
          <FormattedMessage id="integrations.settings" />
        </AppLink>
      ) : null}
    </section>
  );
}

function Company({ company }: { company: NbsCompany }) {
  const rows: [string, string][] = [
    ['invoicing.mb', company.mb],
    ['invoicing.company', company.name],
    ['invoicing.address', company.address],
    ['invoicing.place', company.place],
  ];
  return (
    <dl className="invoicing-company" data-testid="invoicing-company">
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>
            <FormattedMessage id={label} />
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Lookup() {
  const inputId = useId();
  const [vatNumber, setVatNumber] = useState('');
  const search = useMutation({ mutationFn: (value: string) => invoicingApi.searchCompany(value) });
  const valid = VAT_NUMBER_PATTERN.test(vatNumber);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) search.mutate(vatNumber);
  };
  return (
    <section className="card stack" aria-labelledby="invoicing-lookup">
      <h2 id="invoicing-lookup" className="integration-section-title">
        <FormattedMessage id="invoicing.lookupTitle" />
      </h2>
      <p className="muted">
        <FormattedMessage id="invoicing.lookupHint" />
      </p>
      <form className="invoicing-search" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={inputId}>
            <FormattedMessage id="invoicing.vatNumber" />
          </label>
          <input id={inputId} name="vatNumber" inputMode="numeric" maxLength={9} autoComplete="off" data-testid="invoicing-vat-number" value={vatNumber} onChange={(e) => setVatNumber(e.target.value.replace(/\s/g, ''))} />
        </div>
        <button type="submit" className="button button-primary" data-testid="invoicing-search" disabled={!valid || search.isPending}>
          <FormattedMessage id="invoicing.search" />
        </button>
      </form>
      {vatNumber !== '' && !valid ? (
        <p className="muted" data-testid="invoicing-vat-hint">
          <FormattedMessage id="invalidVatNumber" />
        </p>
      ) : null}
      <FailureText message={search.isError ? failureSummary(search.error) : null} />
      {search.data ? <Company company={search.data} /> : null}
    </section>
  );
}

export function InvoicingPage({ entry, installed, admin }: { entry: CatalogueEntry; installed: Integration; admin: boolean }) {
  const text = useEntryText();
  return (
    <div className="page integration-own-page" data-testid="invoicing-page">
      <PageHeader title={text(entry.id, 'name', entry.name)} />
      {entry.service !== 'ready' ? (
        <p className="integration-banner" role="status" data-testid="integration-service-note">
          <FormattedMessage id={`integrations.serviceNote.${entry.service}`} />
        </p>
      ) : null}
      <div className="integration-columns">
        <Lookup />
        <Details entry={entry} installed={installed} admin={admin} />
      </div>
    </div>
  );
}
