// GET /select/{component}/{field} (docs/ratchet.md "The external select"): a page of a
// ratchet-sourced external select's options for whoever may read or write the component's records
// and sees the field in the environment's version (anyone else 403; an unknown component 404; a field
// that is not such a select 404). The statement is the field's; only `search` and `page` come from the
// caller, the search bound as a parameter.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { replies } from '../../../runtime/api/schemas';
import { RATCHET_SELECT_LIMITS, ratchetSelectPageSchema, ratchetSelectParams, ratchetSelectQuery, type RatchetSelectPage } from '../../../runtime/api/ratchet-select';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { fieldsNotValid, notFound } from '../platform/errors';
import { accountabilityOf } from '../auth/session-hook';
import { recordTarget } from '../records/records';
import { compileFor } from '../records/view';
import { selectPage, selectSourceOf } from './select';

const spec = specFor(['ratchet']);
const READERS = ['read', 'create', 'update', 'edit'];

function parseQuery(query: Record<string, unknown>): { search: string; page: number } {
  const search = query.search ?? '';
  const page = query.page === undefined ? 1 : Number(query.page);
  const errors = [];
  if (typeof search !== 'string' || search.length > RATCHET_SELECT_LIMITS.searchMax || search.includes('\u0000')) errors.push({ field: 'search', messages: ['invalid'] });
  if (!Number.isInteger(page) || page < 1 || page > RATCHET_SELECT_LIMITS.pages) errors.push({ field: 'page', messages: ['invalid'] });
  if (errors.length > 0) throw fieldsNotValid(errors);
  return { search: search as string, page };
}

async function options(context: ServerContext, request: FastifyRequest): Promise<RatchetSelectPage> {
  const accountability = accountabilityOf(request);
  const { component, field: key } = request.params as { component: string; field: string };
  const { search, page } = parseQuery(request.query as Record<string, unknown>);
  const target = await recordTarget(context.db, accountability, component, READERS, undefined);
  const view = compileFor(target.row, target.settings, { ...target.viewer, page: 'model_edit' });
  const field = (target.settings.fields ?? []).find((candidate) => candidate.key === key);
  const source = field && field.module === 'select' && field.type === 'external' ? selectSourceOf(field.constraints) : null;
  // A field the caller does not see is answered as one that is not there.
  if (!source || !view.fields.some((candidate) => candidate.key === key)) throw notFound();
  return selectPage(context.db, target.scope.projectUuid, source, search, page, context.config.ratchetTimeoutMs);
}

export function selectRoute(host: FastifyInstance, context: ServerContext): void {
  host.get(
    '/select/:component/:field',
    spec("A page of a ratchet-sourced external select's options (whoever may read the component's records and sees the field)", {
      params: ratchetSelectParams,
      querystring: ratchetSelectQuery,
      response: replies({ 200: ratchetSelectPageSchema }),
    }),
    async (request) => options(context, request),
  );
}
