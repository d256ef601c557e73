// The workflow host's routes (spec section 7, docs/workflows.md "API"; mounted by hosts/workflow):
// workflows and their versions, the dry run, and the run log. Bodies and queries are closed (an
// unknown key is 400 unknownField); their fields' rules are the services' (417 with message keys).
// Replies are declared whole (runtime/api/workflows.ts).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { arrayOf, emptySchema, replies } from '../../../runtime/api/schemas';
import {
  createWorkflowBodySchema,
  dryRunAnswerSchema,
  dryRunBodySchema,
  forkWorkflowBodySchema,
  publishWorkflowBodySchema,
  renameWorkflowBodySchema,
  runListAnswerSchema,
  runListQuery,
  savedVersionSchema,
  saveWorkflowBodySchema,
  workflowGetQuery,
  workflowListQuery,
  workflowRunSchema,
  workflowSchema,
  workflowSummarySchema,
} from '../../../runtime/api/workflows';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { createWorkflow, forkVersion, getWorkflow, listWorkflows, publishWorkflow, removeVersion, removeWorkflow, renameWorkflow, saveVersion } from './entities';
import { getRun, listRuns } from './runs';
import { dryRunWorkflow } from './dry-run';
import { accountabilityOf } from '../auth/session-hook';

const spec = specFor(['workflows']);
const uuidParams = { type: 'object', required: ['uuid'], properties: { uuid: { type: 'string', description: 'the workflow uuid' } }, additionalProperties: false } as const;
const versionParams = {
  type: 'object',
  required: ['uuid', 'version'],
  properties: { uuid: { type: 'string', description: 'the workflow uuid' }, version: { type: 'string', description: 'the version name' } },
  additionalProperties: false,
} as const;
const runParams = { type: 'object', required: ['uuid'], properties: { uuid: { type: 'string', description: 'the run uuid' } }, additionalProperties: false } as const;

type UuidRequest = FastifyRequest<{ Params: { uuid: string }; Querystring: Record<string, string> }>;
type VersionRequest = FastifyRequest<{ Params: { uuid: string; version: string } }>;

export const workflowRoutes: FastifyPluginAsync<ServerContext> = async (host, { db }) => {
  host.get('/workflows', spec("The project's workflows (the caller may manage)", { querystring: workflowListQuery, response: replies({ 200: arrayOf(workflowSummarySchema) }) }), async (request) =>
    listWorkflows(db, accountabilityOf(request), request.query as Record<string, unknown>),
  );
  host.post('/workflows', spec('Create a workflow (version v1, set as dev)', { body: createWorkflowBodySchema, response: replies({ 200: workflowSchema }) }), async (request) =>
    createWorkflow(db, accountabilityOf(request), request.body),
  );
  host.get('/workflows/:uuid', spec('A workflow with one version (?version=, else the dev version)', { params: uuidParams, querystring: workflowGetQuery, response: replies({ 200: workflowSchema }) }), async (request) =>
    getWorkflow(db, accountabilityOf(request), (request as UuidRequest).params.uuid, (request as UuidRequest).query.version),
  );
  host.patch('/workflows/:uuid', spec('Rename a workflow', { params: uuidParams, body: renameWorkflowBodySchema, response: replies({ 200: workflowSummarySchema }) }), async (request) =>
    renameWorkflow(db, accountabilityOf(request), (request as UuidRequest).params.uuid, request.body),
  );
  host.delete('/workflows/:uuid', spec('Remove a workflow (refused while live)', { params: uuidParams, response: replies({ 200: emptySchema }) }), async (request) =>
    removeWorkflow(db, accountabilityOf(request), (request as UuidRequest).params.uuid),
  );
  host.put('/workflows/:uuid/version/:version', spec("Save a version's graph (checked against the connection rules)", { params: versionParams, body: saveWorkflowBodySchema, response: replies({ 200: savedVersionSchema }) }), async (request) =>
    saveVersion(db, accountabilityOf(request), (request as VersionRequest).params.uuid, (request as VersionRequest).params.version, request.body),
  );
  host.post('/workflows/:uuid/version', spec('Fork a version', { params: uuidParams, body: forkWorkflowBodySchema, response: replies({ 200: workflowSchema }) }), async (request) =>
    forkVersion(db, accountabilityOf(request), (request as UuidRequest).params.uuid, request.body),
  );
  host.delete('/workflows/:uuid/version/:version', spec('Remove a version (not the last, dev or live one)', { params: versionParams, response: replies({ 200: workflowSummarySchema }) }), async (request) =>
    removeVersion(db, accountabilityOf(request), (request as VersionRequest).params.uuid, (request as VersionRequest).params.version),
  );
  host.post('/workflows/:uuid/publish', spec('Set the dev or live version', { params: uuidParams, body: publishWorkflowBodySchema, response: replies({ 200: workflowSummarySchema }) }), async (request) =>
    publishWorkflow(db, accountabilityOf(request), (request as UuidRequest).params.uuid, request.body),
  );
  host.post(
    '/workflow/component/dryrun',
    spec('Dry run: every node evaluated with a given or made-up record; nothing sent, written or queued', {
      body: dryRunBodySchema,
      response: replies({ 200: dryRunAnswerSchema }),
    }),
    async (request) => dryRunWorkflow(db, accountabilityOf(request), request.body),
  );
  host.get('/runs', spec('The run log, newest first', { querystring: runListQuery, response: replies({ 200: runListAnswerSchema }) }), async (request) =>
    listRuns(db, accountabilityOf(request), request.query as Record<string, unknown>),
  );
  host.get('/runs/:uuid', spec('One run with its path, results and graph', { params: runParams, response: replies({ 200: workflowRunSchema }) }), async (request) =>
    getRun(db, accountabilityOf(request), (request as FastifyRequest<{ Params: { uuid: string } }>).params.uuid),
  );
};
