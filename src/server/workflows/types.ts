// The contract between the workflow engine (engine.ts) and its node actions (actions/<action>.ts):
// one module per action of spec section 3, each exporting a NodeAction.
import type { Kysely } from 'kysely';
import type { NodeEvent } from '../../../runtime/api/workflows';
import type { WorkflowAction, WorkflowNode } from '../../../schemas/workflow.schema';
import type { Bus } from '../platform/bus';
import type { ChainBudget } from './budget';
import type { Database } from '../db/schema';
import type { AsyncHostFunction, ScriptRequest, ScriptResult } from '../usercode/sandbox';
import type { Accountability } from '../auth/tenancy';

/** What one run carries from node to node. */
export interface FlowState {
  workflowUuid: string;
  workflowName: string;
  projectUuid: string;
  componentUuid: string;
  env: 'dev' | 'live';
  event: string;
  /** The record the event is about (null for custom and Recycle events without one). */
  record: { uuid: string | null; version: number | null };
  /** The record's data; Before:: events may change it (expression nodes answering `{ data }`). */
  data: Record<string, unknown>;
  /** State.Results: each node's answer by node id (inside an each: an array, one per item). */
  results: Record<string, unknown>;
  /** The current item inside an each. */
  item?: unknown;
  /** Who caused the event (record writes: the writer). */
  userUuid: string | null;
  /** How many workflow runs led to this one (a component node's write starts the next level); stops at MAX_DEPTH. */
  depth: number;
  /** The chain this run belongs to: its component nodes' writes and the runs they queue spend its budget (budget.ts). */
  chain: string;
  /** context.env of the run's scripts and templates (global variables, secrets included): loaded once, when first needed (actions/scope.ts). */
  scriptEnv?: Promise<Record<string, string>>;
  /** A dry run (set by runGraph): scripts' custom events are listed, not written. */
  dryRun?: boolean;
  /** The custom events the scripts published (a dry run: would publish), by node id (custom-events.ts). */
  events?: Record<number, NodeEvent[]>;
}

/** Outgoing-call settings from configuration (LUMA_WORKFLOW_HTTP_ALLOW, LUMA_SMTP_URL, LUMA_FCM_*). */
export interface ActionSettings {
  /** `host:port` pairs an http_request or an SMTP connection may reach although they resolve to a private address. */
  httpAllow: readonly string[];
  /** The server's SMTP (an email node without its own smtp settings uses it); null: not configured. */
  smtpUrl: string | null;
  mailFrom: string;
  /** FCM HTTP v1: base URL (default https://fcm.googleapis.com), project id and the service-account JSON or a path to it; null: not configured. */
  fcm: { endpoint: string; projectId: string; credentials: string } | null;
  /** http_request and SMTP timeout. */
  timeoutMs: number;
  /** A spark node's run deadline (LUMA_SPARK_DEADLINE_SECONDS); the sparks' default when absent. */
  sparkTimeoutMs?: number;
  /** Calls per minute of user code per project (LUMA_SCRIPT_CALLS_PER_MINUTE): spark nodes count against it. */
  scriptCallsPerMinute?: number;
  /** Each chain's budget (LUMA_WORKFLOW_CHAIN_WRITES, LUMA_WORKFLOW_CHAIN_RUNS); the configuration's defaults when absent. */
  chainBudget?: ChainBudget;
}

export interface ActionServices {
  db: Kysely<Database>;
  bus: Bus;
  scripts: { run(request: ScriptRequest, host?: AsyncHostFunction): Promise<ScriptResult> };
  settings: ActionSettings;
  /** The accountability component nodes write with (the writer of the record that started the run, or the workflow's owner). */
  accountability: Accountability;
}

export interface ActionContext {
  node: WorkflowNode;
  flow: FlowState;
  /** A dry run: evaluate everything, send nothing, write nothing, queue nothing; answer what would be done. */
  dryRun: boolean;
  services: ActionServices;
  signal: AbortSignal;
}

/** An action's answer becomes the node's State.Results; a thrown error fails the node (its message is the run's error). */
export interface NodeAction {
  readonly action: WorkflowAction;
  run(context: ActionContext): Promise<unknown>;
}

/** An error an action throws when the outside service it needs is not configured (answered as the node's error, never retried). */
export class ActionNotConfigured extends Error {
  constructor(what: string) {
    super(`${what} is not configured`);
    this.name = 'ActionNotConfigured';
  }
}

/** An outgoing address refused by the SSRF guard (never retried). */
export class AddressRefused extends Error {
  constructor(readonly address: string, reason: string) {
    super(`address ${address} refused: ${reason}`);
    this.name = 'AddressRefused';
  }
}
