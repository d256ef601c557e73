// spark: invokes a spark (docs/user-code.md "Sparks") by its node's spark_name with the expression's
// answer as its input; the release deployed to the run's environment runs, with the run's
// accountability for context.records, and logs like any invocation (source 'workflow'). A spark may
// write records, so a dry run does not invoke it: it answers which release would run with which input.
import { sparksEn_US } from '../../../../runtime/i18n/sparks.en_US';
import { HttpError } from '../../platform/errors';
import { deployedRelease } from '../../sparks/sparks';
import { invokeSpark } from '../../sparks/invoke';
import { evaluate, NodeFailure } from '../engine';
import type { NodeAction } from '../types';

function refusal(error: unknown, name: string, nodeId: number): never {
  // The run log shows this text: the catalogue's words rather than the bare key.
  if (error instanceof HttpError) {
    const text = (sparksEn_US as Record<string, string>)[error.message] ?? error.message;
    throw new NodeFailure(`spark ${name}: ${text}`, nodeId, false);
  }
  throw error;
}

export const sparkAction: NodeAction = {
  action: 'spark',
  async run({ node, flow, dryRun, services }) {
    const name = typeof node.data.spark_name === 'string' ? node.data.spark_name.trim() : '';
    if (name === '') throw new NodeFailure('no spark chosen', node.id, false);
    const input = typeof node.data.expression === 'string' && node.data.expression.trim() !== '' ? await evaluate(node, flow, services) : flow.data;
    if (dryRun) {
      const release = await deployedRelease(services.db, flow.projectUuid, name, flow.env).catch((error: unknown) => refusal(error, name, node.id));
      return { would: 'invoke', spark: name, env: flow.env, version: release.version, data: input };
    }
    const outcome = await invokeSpark({
      db: services.db,
      accountability: { ...services.accountability, env: flow.env },
      name,
      data: input,
      env: flow.env,
      source: 'workflow',
      timeoutMs: services.settings.sparkTimeoutMs,
      callsPerMinute: services.settings.scriptCallsPerMinute,
      run: (request, host) => services.scripts.run(request, host),
    }).catch((error: unknown) => refusal(error, name, node.id));
    if (!outcome.ok) throw new NodeFailure(outcome.error, node.id, false);
    return outcome.value ?? null;
  },
};
