// component: creates a record of another component (or, when the expression's answer has a `uuid`,
// updates that record) through the record service, so that component's rules, the run's
// permissions and its own workflows apply. In a Before:: event the write shares the record's
// transaction. Each write spends the run's chain budget (budget.ts). A dry run checks the write with
// the same rules and writes nothing.
import { isPlainObject } from '../../platform/validate';
import { checkWrite, createRecord, recordTarget, updateRecord } from '../../records/records';
import { compileFor } from '../../records/view';
import { findRecord } from '../../records/sql';
import { evaluate, MAX_DEPTH, NodeFailure } from '../engine';
import { chargeChain } from '../budget';
import { currentChain, withChain } from '../depth';
import type { NodeAction } from '../types';

export const componentAction: NodeAction = {
  action: 'component',
  async run({ node, flow, dryRun, services }) {
    const ref = typeof node.data.component_ref === 'string' ? node.data.component_ref.trim() : '';
    if (ref === '') throw new NodeFailure('no component chosen', node.id, false);
    const answer = await evaluate(node, flow, services);
    if (!isPlainObject(answer)) throw new NodeFailure('the expression must answer an object: the record data (with uuid to update a record)', node.id, false);
    if (flow.depth + 1 > MAX_DEPTH) throw new NodeFailure(`workflows writing into each other stopped after ${MAX_DEPTH} levels`, node.id, false);
    const { uuid, ...data } = answer;
    const { db, accountability } = services;
    if (dryRun) {
      const target = await recordTarget(db, accountability, ref, typeof uuid === 'string' ? ['update', 'edit'] : ['create'], undefined);
      const stored = typeof uuid === 'string' ? await findRecord(db, target.scope, uuid.toLowerCase()) : null;
      if (typeof uuid === 'string' && !stored) return { would: 'update', uuid, data, errors: [{ field: 'uuid', messages: ['notFound'] }] };
      const view = compileFor(target.row, target.settings, { ...target.viewer, page: stored ? 'model_edit' : 'model_create' });
      const outcome = await checkWrite(db, accountability, target, view, data, stored ?? null);
      return { would: stored ? 'update' : 'create', ...(stored ? { uuid: stored.uuid } : {}), data, errors: outcome.ok ? [] : outcome.errors };
    }
    // The write spends the chain's budget first: past it the node fails and nothing is written.
    await chargeChain(db, flow.chain, flow.projectUuid, { writes: 1 }, services.settings);
    // The run (when one is writing) stays known to what the write tells (record history's actor).
    return withChain({ ...currentChain(), depth: flow.depth + 1, chain: flow.chain }, async () => {
      if (typeof uuid === 'string') {
        const target = await recordTarget(db, accountability, ref, ['update', 'edit'], undefined);
        const stored = await findRecord(db, target.scope, uuid.toLowerCase());
        if (!stored) throw new NodeFailure(`record ${uuid} not found`, node.id, false);
        const written = await updateRecord(db, accountability, ref, stored.uuid, { data, version: stored.version }, undefined);
        return { updated: written.uuid, version: written.__version__ };
      }
      const written = await createRecord(db, accountability, ref, { data }, undefined);
      return { created: written.uuid };
    });
  },
};
