// The Serbian VAT company lookup of luma-invoicing (spec section 7 "Integration host": GET
// /invoicing/services/nbs/search?vatNumber=; docs/integrations.md "Invoicing"). Luma asks the provider
// the operator configured (LUMA_NBS_URL, an admin's setting, so no address guard) in this protocol:
//   GET {LUMA_NBS_URL}?taxIdentificationNumber={9 digits}   Accept: application/json
//   200 {"Companies": [{"TaxIdentificationNumber", "NationalIdentificationNumber", "Name", "Address", "City"}]}
// (the fields of the NBS company register; no company: an empty list, or 404). Anything else, a
// timeout or no answer is the provider failing: 502 nbsProviderFailed, never a 500.
import { INTEGRATION_MESSAGE, NBS_MESSAGE, VAT_NUMBER_PATTERN, type NbsCompany } from '../../../runtime/api/integrations';
import { fieldsNotValid, HttpError } from '../platform/errors';
import { isPlainObject } from '../platform/validate';

/** The provider's answer may take this long (the integration client's own timeout is 30 s). */
export const NBS_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 256 * 1024;

const providerFailed = () => new HttpError(502, NBS_MESSAGE.providerFailed);

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, 500) : '';
}

/** The company of the provider's answer for that VAT number, or null when it lists none. */
function companyOf(answer: unknown, vatNumber: string): NbsCompany | null {
  if (!isPlainObject(answer) || !Array.isArray(answer.Companies)) throw providerFailed();
  const found = answer.Companies.find((item: unknown) => isPlainObject(item) && text(item.TaxIdentificationNumber) === vatNumber);
  if (!found) return null;
  const company = found as Record<string, unknown>;
  const result = { mb: text(company.NationalIdentificationNumber), name: text(company.Name), address: text(company.Address), place: text(company.City) };
  if (!result.name) throw providerFailed();
  return result;
}

async function readAnswer(response: Response): Promise<unknown> {
  const body = await response.arrayBuffer();
  if (body.byteLength > MAX_ANSWER_BYTES) throw providerFailed();
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw providerFailed();
  }
}

/** The lookup: 417 invalidVatNumber, 503 integrationNotConfigured, 404 companyNotFoundByTaxNumber, 502 nbsProviderFailed. */
export async function searchCompany(endpoint: string | null, vatNumber: unknown, timeoutMs = NBS_TIMEOUT_MS): Promise<NbsCompany> {
  if (typeof vatNumber !== 'string' || !VAT_NUMBER_PATTERN.test(vatNumber)) throw fieldsNotValid([{ field: 'vatNumber', messages: [NBS_MESSAGE.invalidVatNumber] }]);
  if (!endpoint) throw new HttpError(503, INTEGRATION_MESSAGE.notConfigured);
  const url = new URL(endpoint);
  url.searchParams.set('taxIdentificationNumber', vatNumber);
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw providerFailed();
  }
  if (response.status === 404) {
    await response.body?.cancel();
    throw new HttpError(404, NBS_MESSAGE.notFound);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw providerFailed();
  }
  const company = companyOf(await readAnswer(response), vatNumber);
  if (!company) throw new HttpError(404, NBS_MESSAGE.notFound);
  return company;
}
