// The workflow engine (docs/workflows.md "Running"): walks one graph for one event.
//
// - Entry: event nodes whose action is the event's name and which are not paused.
// - From a node its outgoing connections are followed. condition: its expression, truthy follows
//   'pass', falsy 'reject'; in a Before:: event a falsy condition with no reject connection and a
//   data.message refuses the write. switch: its expression answers a name; the connections of that
//   name are followed, else the one named 'default'. each: its expression answers a list (at most
//   MAX_ITEMS); what follows runs once per item with `item` set, and those nodes' results are lists.
//   operation: its action runs; the answer is State.Results[id]. An event node reached through a
//   connection passes through. A node marked parallel runs its branches at once.
// - A node runs at most once per path (per item inside an each), and a run stops after MAX_STEPS.
// - A node error ends the run: in a Before:: event it refuses the write.
import { performance } from 'node:perf_hooks';
import type { NodeResult } from '../../../runtime/api/workflows';
import { isBeforeEvent } from '../../../runtime/workflows/constants';
import type { WorkflowConnection, WorkflowNode } from '../../../schemas/workflow.schema';
import { HttpError } from '../platform/errors';
import { actionFor } from './actions/index';
import { WORKFLOW_SCRIPT_CAPABILITIES, workflowScriptHost } from './custom-events';
import { flowEnv } from './actions/scope';
import { VARIABLE_MASK } from '../../../runtime/api/environment';
import { loadSecretValues, redactSecrets } from '../usercode/env';
import { ActionNotConfigured, AddressRefused, type ActionServices, type FlowState } from './types';

export const MAX_STEPS = 1000;
export const MAX_ITEMS = 1000;
/** Workflow runs leading to further runs (component nodes writing records) stop at this depth. */
export const MAX_DEPTH = 5;
/** A workflow script's deadline. */
export const SCRIPT_TIMEOUT_MS = 5000;

/** The write is refused by the workflow (Before:: events). */
export class FlowRefusal extends Error {
  constructor(
    message: string,
    readonly node: number,
  ) {
    super(message);
    this.name = 'FlowRefusal';
  }
}

/** A node failed; `retryable` when trying again later may succeed (a network failure). */
export class NodeFailure extends Error {
  constructor(
    message: string,
    readonly node: number,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'NodeFailure';
  }
}

export interface RunOutcome {
  results: NodeResult[];
  path: number[];
  data: Record<string, unknown>;
  error?: string;
  refused?: boolean;
  retryable?: boolean;
}

export interface RunOptions {
  dryRun: boolean;
  services: ActionServices;
  signal?: AbortSignal;
}

/** A node's code as a function body: a bare expression is returned. */
export function scriptBody(code: string): string {
  return /\breturn\b/.test(code) ? code : `return (${code}\n);`;
}

export async function evaluate(node: WorkflowNode, flow: FlowState, services: ActionServices, field = 'expression'): Promise<unknown> {
  const code = node.data[field];
  if (typeof code !== 'string' || code.trim() === '') throw new NodeFailure(`node ${node.name || node.id} has no ${field}`, node.id, false);
  const env = await flowEnv(flow, services.db);
  const result = await services.scripts.run(
    {
      label: `Workflow node ${node.name || node.id}`,
      code: scriptBody(code),
      args: { data: flow.data, record: flow.record, event: flow.event, env: flow.env, State: { Results: flow.results }, item: flow.item ?? null, context: { env } },
      host: WORKFLOW_SCRIPT_CAPABILITIES,
      limits: { timeoutMs: SCRIPT_TIMEOUT_MS },
    },
    workflowScriptHost(node.id, flow, services),
  );
  if (!result.ok) throw new NodeFailure(result.error, node.id, false);
  return result.value;
}

function messageOf(error: unknown): string {
  if (error instanceof HttpError && error.errors?.length) {
    return `${error.message} (${error.errors.map((entry) => `${entry.field}: ${entry.messages.join(', ')}`).join('; ')})`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** One run's walk over a graph: what the visits of its nodes share. */
interface Walk {
  readonly byId: Map<number, WorkflowNode>;
  readonly results: Map<number, NodeResult>;
  readonly path: number[];
  steps: number;
  /** A Before:: event: a falsy condition with a message, or a node error, refuses the write. */
  readonly before: boolean;
  readonly flow: FlowState;
  readonly options: RunOptions;
}

/** A node's answer in State.Results (a list inside an each) and its entry in the run's results. */
function recordResult(walk: Walk, node: WorkflowNode, status: NodeResult['status'], value: unknown, ms: number, inEach: boolean, error?: string): void {
  const { flow, results } = walk;
  if (inEach) {
    const list = Array.isArray(flow.results[node.id]) ? (flow.results[node.id] as unknown[]) : [];
    list.push(value ?? null);
    flow.results[node.id] = list;
  } else {
    flow.results[node.id] = value ?? null;
  }
  const previous = results.get(node.id);
  const entry: NodeResult = { id: node.id, status: previous?.status === 'error' ? 'error' : status, State: { Results: flow.results[node.id] }, ms: (previous?.ms ?? 0) + ms };
  if (error ?? previous?.error) entry.error = error ?? previous?.error;
  const published = flow.events?.[node.id];
  if (published?.length) entry.events = [...published];
  results.set(node.id, entry);
}

async function follow(walk: Walk, node: WorkflowNode, connections: WorkflowConnection[], seen: Set<number>, inEach: boolean, item: unknown): Promise<void> {
  const targets = connections.map((c) => walk.byId.get(c.destination.id)).filter((n): n is WorkflowNode => n !== undefined);
  if (node.parallel) await Promise.all(targets.map((target) => visit(walk, target, new Set(seen), inEach, item)));
  else for (const target of targets) await visit(walk, target, seen, inEach, item);
}

async function visit(walk: Walk, node: WorkflowNode, seen: Set<number>, inEach: boolean, item: unknown): Promise<void> {
  if (seen.has(node.id)) return;
  seen.add(node.id);
  if (++walk.steps > MAX_STEPS) throw new NodeFailure(`the run took more than ${MAX_STEPS} steps`, node.id, false);
  walk.options.signal?.throwIfAborted();
  walk.path.push(node.id);
  walk.flow.item = item;
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
  let next: WorkflowConnection[] | null;
  try {
    next = await runNode(walk, node, seen, inEach, item, elapsed);
  } catch (error) {
    const result = walk.results.get(node.id);
    if (!result || result.status !== 'error') recordResult(walk, node, 'error', null, elapsed(), inEach, messageOf(error));
    throw asNodeFailure(error, node, walk.options.dryRun);
  }
  if (next !== null) await follow(walk, node, next, seen, inEach, item);
}

/** Runs one node; answers the connections to follow (null: an each, which followed its own per item). */
async function runNode(walk: Walk, node: WorkflowNode, seen: Set<number>, inEach: boolean, item: unknown, elapsed: () => number): Promise<WorkflowConnection[] | null> {
  const { flow, options } = walk;
  switch (node.type) {
    case 'event':
      recordResult(walk, node, 'success', { event: flow.event }, elapsed(), inEach);
      return node.connections;
    case 'condition': {
      const passed = Boolean(await evaluate(node, flow, options.services));
      recordResult(walk, node, 'success', passed, elapsed(), inEach);
      const next = node.connections.filter((c) => c.type === (passed ? 'pass' : 'reject'));
      const message = typeof node.data.message === 'string' ? node.data.message.trim() : '';
      if (!passed && walk.before && next.length === 0 && message !== '') throw new FlowRefusal(message, node.id);
      return next;
    }
    case 'switch': {
      const value = await evaluate(node, flow, options.services);
      const name = value === null || value === undefined ? '' : String(value);
      recordResult(walk, node, 'success', name, elapsed(), inEach);
      const named = node.connections.filter((c) => c.name === name);
      return named.length > 0 ? named : node.connections.filter((c) => c.name === 'default');
    }
    case 'each': {
      const list = await evaluate(node, flow, options.services);
      if (!Array.isArray(list)) throw new NodeFailure(`each node ${node.name || node.id}: the expression must answer a list`, node.id, false);
      if (list.length > MAX_ITEMS) throw new NodeFailure(`each node ${node.name || node.id}: more than ${MAX_ITEMS} items`, node.id, false);
      recordResult(walk, node, 'success', { items: list.length }, elapsed(), inEach);
      for (const entry of list) await follow(walk, node, node.connections, new Set(seen), true, entry);
      flow.item = item;
      return null;
    }
    case 'operation': {
      const action = actionFor(node.action);
      if (!action) throw new NodeFailure(`unknown action '${node.action}'`, node.id, false);
      const value = await action.run({ node, flow, dryRun: options.dryRun, services: options.services, signal: options.signal ?? new AbortController().signal });
      recordResult(walk, node, 'success', value, elapsed(), inEach);
      return node.connections;
    }
  }
}

/** A node's error as the run's failure, saying whether trying again may help. */
function asNodeFailure(error: unknown, node: WorkflowNode, dryRun: boolean): Error {
  if (error instanceof FlowRefusal || error instanceof NodeFailure) return error;
  // Errors say whether trying again may help (`retryable`); a refused address or a missing
  // configuration never will, a network failure may.
  // A refusal by the record service (a 4xx: the rules, a permission) answers the same next time.
  const stated = error instanceof HttpError ? error.status >= 500 : (error as { retryable?: unknown }).retryable;
  const retryable = !dryRun && (typeof stated === 'boolean' ? stated : !(error instanceof ActionNotConfigured || error instanceof AddressRefused));
  return new NodeFailure(messageOf(error), node.id, retryable);
}

/** Runs every matching event node's flow over `nodes`. Never throws: the outcome says what happened. */
export async function runGraph(nodes: readonly WorkflowNode[], flow: FlowState, options: RunOptions): Promise<RunOutcome> {
  flow.dryRun = options.dryRun;
  const walk: Walk = { byId: new Map(nodes.map((node) => [node.id, node])), results: new Map(), path: [], steps: 0, before: isBeforeEvent(flow.event), flow, options };
  const entries = nodes.filter((node) => node.type === 'event' && node.action === flow.event && !node.paused);
  let outcome: RunOutcome;
  try {
    for (const entry of entries) await visit(walk, entry, new Set(), false, undefined);
    outcome = { results: [...walk.results.values()], path: walk.path, data: flow.data };
  } catch (error) {
    outcome = { results: [...walk.results.values()], path: walk.path, data: flow.data, error: messageOf(error) };
    if (error instanceof FlowRefusal || (walk.before && error instanceof NodeFailure)) outcome.refused = true;
    if (error instanceof NodeFailure && error.retryable) outcome.retryable = true;
  }
  return withoutSecrets(outcome, flow, options.services);
}

/**
 * The outcome as the run log and the dry run show it: a secret variable a script returned, threw or
 * put in a request is masked in the node results and errors (the data written keeps what the
 * workflow set). Only runs that read context.env can hold a secret.
 */
async function withoutSecrets(outcome: RunOutcome, flow: FlowState, services: ActionServices): Promise<RunOutcome> {
  if (!flow.scriptEnv) return outcome;
  let secrets: string[];
  try {
    secrets = await loadSecretValues(services.db, { projectUuid: flow.projectUuid, env: flow.env });
  } catch {
    // Without the list nothing can be masked: show no node values at all rather than risk one.
    return { ...outcome, results: outcome.results.map((result) => ({ ...result, State: { Results: null } })) };
  }
  if (secrets.length === 0) return outcome;
  const clean = <T,>(value: T): T => redactSecrets(value, secrets, VARIABLE_MASK) as T;
  return { ...outcome, results: clean(outcome.results), ...(outcome.error === undefined ? {} : { error: clean(outcome.error) }) };
}

/** Whether a graph has a non-paused event node for `event`. */
export function reactsTo(nodes: readonly WorkflowNode[], event: string): boolean {
  return nodes.some((node) => node.type === 'event' && node.action === event && !node.paused);
}
