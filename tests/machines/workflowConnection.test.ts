import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Ajv2020 from 'ajv/dist/2020';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  graphOf,
  workflowConnectionMachine,
  type WorkflowConnectionEvent,
  type WorkflowConnectionInput,
} from '../../machines/workflowConnection.machine';
import { CONNECTION_POSITIONS, WORKFLOW_NODE_TYPES, workflowNodesSchema, type WorkflowNode } from '../../schemas/workflow.schema';
import { createNode } from '../../runtime/workflows/constants';
import { graphViolations, type ConnectionEnd } from '../../runtime/workflows/connections';

const EVENT = 10_000_001;
const OPERATION = 10_000_002;
const CONDITION = 10_000_003;
const SWITCH = 10_000_004;
const EACH = 10_000_005;
const UNKNOWN = 10_000_099;
const IDS = [EVENT, OPERATION, CONDITION, SWITCH, EACH];

/** One node of each type, unconnected. */
function bareGraph(): WorkflowNode[] {
  return [
    createNode('event', { id: EVENT, name: 'on create', action: 'Create', x: 0, y: 0 }),
    createNode('operation', { id: OPERATION, name: 'mail', action: 'email', x: 200, y: 0 }),
    createNode('condition', { id: CONDITION, name: 'check', x: 400, y: 0 }),
    createNode('switch', { id: SWITCH, name: 'route', x: 600, y: 0 }),
    createNode('each', { id: EACH, name: 'loop', x: 800, y: 0 }),
  ];
}

/** event -> condition (top), condition right -> switch (reject), switch -> operation (a renamed branch). */
function sampleGraph(): WorkflowNode[] {
  const nodes = bareGraph();
  const at = (id: number) => nodes.find((n) => n.id === id)!;
  at(EVENT).connections.push({
    id: `${EVENT}-${CONDITION}`,
    source: { id: EVENT, position: 'right' },
    destination: { id: CONDITION, position: 'top' },
    type: 'pass',
    name: 'pass',
  });
  at(CONDITION).connections.push({
    id: `${CONDITION}-${SWITCH}`,
    source: { id: CONDITION, position: 'right' },
    destination: { id: SWITCH, position: 'left' },
    type: 'reject',
    name: 'reject',
  });
  at(SWITCH).connections.push({
    id: `${SWITCH}-${OPERATION}`,
    source: { id: SWITCH, position: 'bottom' },
    destination: { id: OPERATION, position: 'left' },
    type: 'pass',
    name: 'big_orders',
  });
  return nodes;
}

function start(input: WorkflowConnectionInput = { nodes: sampleGraph() }) {
  return createActor(workflowConnectionMachine, { input }).start();
}

const nodeOf = (nodes: WorkflowNode[], id: number): WorkflowNode => nodes.find((n) => n.id === id)!;
const end = (id: number, position: ConnectionEnd['position']): ConnectionEnd => ({ id, position });
const connectionsOf = (nodes: WorkflowNode[]) => nodes.flatMap((n) => n.connections);

const validGraph = new Ajv2020({ strict: false }).compile(workflowNodesSchema);

describe('workflowConnection machine', () => {
  it('reaches every state', () => {
    const nodes = sampleGraph();
    const events: WorkflowConnectionEvent[] = [
      { type: 'CONNECT_START', source: end(EACH, 'right') },
      { type: 'CONNECT_END', destination: end(EVENT, 'left') },
      { type: 'CONNECT_END', destination: end(CONDITION, 'left') },
      { type: 'CANCEL' },
      { type: 'DISMISS' },
      { type: 'DELETE_CONNECTION', connectionId: `${SWITCH}-${OPERATION}` },
      { type: 'EDIT', nodeId: OPERATION },
      { type: 'EDIT', nodeId: EACH },
      { type: 'EDITED', node: { ...nodeOf(nodes, OPERATION), name: 'send mail' } },
      { type: 'CLOSE' },
      { type: 'RENAME', connectionId: `${SWITCH}-${OPERATION}` },
      { type: 'RENAME', connectionId: `${EVENT}-${CONDITION}` },
      { type: 'RENAMED', name: 'x' },
      { type: 'RENAMED', name: 'small orders' },
      { type: 'PAUSE', nodeId: EVENT, paused: true },
      { type: 'SET_NODES', nodes: sampleGraph() },
    ];
    const paths = getShortestPaths(workflowConnectionMachine, {
      input: { nodes },
      events,
      // The state value and the refusal: a finite space that still tells refused from accepted.
      serializeState: ({ value, context: { refusal } }) => JSON.stringify({ value, refusal }),
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    const all = Object.keys(workflowConnectionMachine.root.states).map((s) => JSON.stringify(s));
    expect([...reached].sort()).toEqual(all.sort());
    expect(all).toHaveLength(5);
  });

  it('random event sequences keep the graph sound (graphViolations empty, schema valid) and never throw', () => {
    const id = fc.constantFrom(...IDS, UNKNOWN);
    const position = fc.constantFrom(...CONNECTION_POSITIONS);
    const name = fc.oneof(fc.constantFrom('', 'a', ' ', 'a b', 'big orders', '  x', 'ok', 'x'.repeat(200)), fc.string({ maxLength: 12 }));
    const connectionId = fc.oneof(
      fc.tuple(id, id).map(([a, b]) => `${a}-${b}`),
      fc.constantFrom('nope', ''),
    );
    const graphs = [sampleGraph(), bareGraph(), []];
    const event: fc.Arbitrary<WorkflowConnectionEvent> = fc.oneof(
      fc.tuple(id, position).map(([i, p]) => ({ type: 'CONNECT_START', source: end(i, p) }) as const),
      fc.tuple(id, position).map(([i, p]) => ({ type: 'CONNECT_END', destination: end(i, p) }) as const),
      fc.constant({ type: 'CANCEL' } as const),
      fc.constant({ type: 'DISMISS' } as const),
      connectionId.map((c) => ({ type: 'DELETE_CONNECTION', connectionId: c }) as const),
      { weight: 2, arbitrary: id.map((nodeId) => ({ type: 'EDIT', nodeId }) as const) },
      // The editor's node may claim another type, a paused flag or no connections: the graph keeps its own.
      {
        weight: 3,
        arbitrary: fc.tuple(fc.constantFrom(...IDS), name, fc.boolean(), fc.constantFrom(...WORKFLOW_NODE_TYPES)).map(
          ([nodeId, n, paused, type]): WorkflowConnectionEvent => ({
            type: 'EDITED',
            node: { ...nodeOf(bareGraph(), nodeId), name: n, paused, type, connections: [] },
          }),
        ),
      },
      fc.constant({ type: 'CLOSE' } as const),
      connectionId.map((c) => ({ type: 'RENAME', connectionId: c }) as const),
      name.map((n) => ({ type: 'RENAMED', name: n }) as const),
      fc.tuple(id, fc.boolean()).map(([nodeId, paused]) => ({ type: 'PAUSE', nodeId, paused }) as const),
      fc.constantFrom(...graphs).map((g) => ({ type: 'SET_NODES', nodes: structuredClone(g) }) as const),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const actor = start();
        let changes = 0;
        for (const e of events) {
          const before = actor.getSnapshot();
          actor.send(e);
          const after = actor.getSnapshot();
          expect(after.status).toBe('active');
          expect(after.error).toBeUndefined();
          const nodes = graphOf(after);
          expect(graphViolations(nodes)).toEqual([]);
          expect(validGraph(nodes)).toBe(true);
          const ids = connectionsOf(nodes).map((c) => c.id);
          expect(new Set(ids).size).toBe(ids.length);
          // changes moves exactly when the graph does (SET_NODES replaces it without counting).
          if (e.type !== 'SET_NODES') expect(after.context.changes !== before.context.changes).toBe(nodes !== graphOf(before));
          expect(after.context.changes).toBeGreaterThanOrEqual(changes);
          changes = after.context.changes;
          expect(after.context.pending !== null).toBe(after.matches('connecting'));
          expect(after.context.editing !== null).toBe(after.matches('editing'));
          expect(after.context.renaming !== null).toBe(after.matches('renaming'));
        }
        actor.stop();
      }),
      { numRuns: 300 },
    );
  });

  describe('the connection rules', () => {
    it('refuses a second incoming connection into an operation', () => {
      const actor = start();
      actor.send({ type: 'CONNECT_START', source: end(EACH, 'right') });
      actor.send({ type: 'CONNECT_END', destination: end(OPERATION, 'left') });
      expect(actor.getSnapshot().value).toBe('refused');
      expect(actor.getSnapshot().context).toMatchObject({ refusal: 'operationTaken', changes: 0, pending: null });
      expect(graphOf(actor.getSnapshot())).toEqual(sampleGraph());
      actor.send({ type: 'DISMISS' });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.refusal).toBeNull();
    });

    it('a condition refuses an incoming connection at its left and accepts one at its top', () => {
      const actor = start({ nodes: bareGraph() });
      actor.send({ type: 'CONNECT_START', source: end(EVENT, 'right') });
      actor.send({ type: 'CONNECT_END', destination: end(CONDITION, 'left') });
      expect(actor.getSnapshot().value).toBe('refused');
      expect(actor.getSnapshot().context.refusal).toBe('conditionTopOnly');
      actor.send({ type: 'CONNECT_START', source: end(EVENT, 'right') });
      actor.send({ type: 'CONNECT_END', destination: end(CONDITION, 'top') });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context).toMatchObject({ refusal: null, changes: 1 });
      expect(connectionsOf(graphOf(actor.getSnapshot()))).toEqual([
        { id: `${EVENT}-${CONDITION}`, source: end(EVENT, 'right'), destination: end(CONDITION, 'top'), type: 'pass', name: 'pass' },
      ]);
    });

    it("leaving a condition's right makes a reject connection, its bottom a pass one", () => {
      let n = 0;
      const actor = start({ nodes: bareGraph(), newConnectionId: () => `c${++n}` });
      actor.send({ type: 'CONNECT_START', source: end(CONDITION, 'right') });
      actor.send({ type: 'CONNECT_END', destination: end(OPERATION, 'left') });
      actor.send({ type: 'CONNECT_START', source: end(CONDITION, 'bottom') });
      actor.send({ type: 'CONNECT_END', destination: end(SWITCH, 'top') });
      const made = connectionsOf(graphOf(actor.getSnapshot()));
      expect(made.map((c) => [c.id, c.type, c.name])).toEqual([
        ['c1', 'reject', 'reject'],
        ['c2', 'pass', 'pass'],
      ]);
      expect(actor.getSnapshot().context.changes).toBe(2);
    });

    it('refuses event, operation and condition into an event; allows switch and each into it', () => {
      const OTHER_EVENT = 10_000_006;
      for (const source of [OTHER_EVENT, OPERATION, CONDITION]) {
        const nodes = [...bareGraph(), createNode('event', { id: OTHER_EVENT, name: 'other', action: 'Update', x: 0, y: 200 })];
        const actor = start({ nodes });
        actor.send({ type: 'CONNECT_START', source: end(source, 'right') });
        actor.send({ type: 'CONNECT_END', destination: end(EVENT, 'left') });
        expect(actor.getSnapshot().value).toBe('refused');
        expect(actor.getSnapshot().context.refusal).toBe('intoEvent');
      }
      for (const from of [SWITCH, EACH]) {
        const actor = start({ nodes: bareGraph() });
        actor.send({ type: 'CONNECT_START', source: end(from, 'right') });
        actor.send({ type: 'CONNECT_END', destination: end(EVENT, 'left') });
        expect(actor.getSnapshot().value).toBe('idle');
        expect(actor.getSnapshot().context.changes).toBe(1);
      }
    });

    it('refuses unknown nodes, a node to itself and a second connection between the same pair; CANCEL drops a drag', () => {
      const actor = start();
      actor.send({ type: 'CONNECT_START', source: end(UNKNOWN, 'right') });
      actor.send({ type: 'CONNECT_END', destination: end(EACH, 'left') });
      expect(actor.getSnapshot().context.refusal).toBe('unknownNode');
      actor.send({ type: 'CONNECT_START', source: end(EACH, 'right') });
      actor.send({ type: 'CONNECT_END', destination: end(EACH, 'left') });
      expect(actor.getSnapshot().context.refusal).toBe('selfConnection');
      actor.send({ type: 'CONNECT_START', source: end(EVENT, 'bottom') });
      actor.send({ type: 'CONNECT_END', destination: end(CONDITION, 'top') });
      expect(actor.getSnapshot().context.refusal).toBe('duplicate');
      actor.send({ type: 'DISMISS' });
      actor.send({ type: 'CONNECT_START', source: end(EACH, 'right') });
      expect(actor.getSnapshot().context.pending).toEqual(end(EACH, 'right'));
      actor.send({ type: 'CANCEL' });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context).toMatchObject({ pending: null, changes: 0 });
    });

    it('switch connections can be renamed (spaces become underscores, at least two characters); others cannot', () => {
      const actor = start();
      actor.send({ type: 'RENAME', connectionId: `${CONDITION}-${SWITCH}` });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.refusal).toBe('notRenamable');
      actor.send({ type: 'RENAME', connectionId: 'missing' });
      expect(actor.getSnapshot().context.refusal).toBe('notRenamable');

      actor.send({ type: 'RENAME', connectionId: `${SWITCH}-${OPERATION}` });
      expect(actor.getSnapshot().value).toBe('renaming');
      expect(actor.getSnapshot().context).toMatchObject({ renaming: `${SWITCH}-${OPERATION}`, refusal: null });
      actor.send({ type: 'RENAMED', name: 'x' });
      expect(actor.getSnapshot().value).toBe('renaming');
      expect(actor.getSnapshot().context.refusal).toBe('nameTooShort');
      actor.send({ type: 'RENAMED', name: 'small orders' });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context).toMatchObject({ renaming: null, refusal: null, changes: 1 });
      const renamed = connectionsOf(graphOf(actor.getSnapshot())).find((c) => c.id === `${SWITCH}-${OPERATION}`);
      expect(renamed).toMatchObject({ name: 'small_orders', type: 'pass' });

      actor.send({ type: 'RENAME', connectionId: `${SWITCH}-${OPERATION}` });
      actor.send({ type: 'CLOSE' });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.changes).toBe(1);
    });

    it('each nodes are not editable; others are, and EDITED replaces the node with a normalised name', () => {
      const actor = start();
      actor.send({ type: 'EDIT', nodeId: EACH });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.refusal).toBe('notEditable');

      actor.send({ type: 'EDIT', nodeId: OPERATION });
      expect(actor.getSnapshot().value).toBe('editing');
      expect(actor.getSnapshot().context).toMatchObject({ editing: OPERATION, refusal: null });
      const edited: WorkflowNode = { ...nodeOf(sampleGraph(), OPERATION), name: 'send the mail', data: { to: 'a@b.c' } };
      actor.send({ type: 'EDITED', node: { ...edited, id: SWITCH } });
      expect(actor.getSnapshot().value).toBe('editing');
      actor.send({ type: 'EDITED', node: edited });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context).toMatchObject({ editing: null, changes: 1 });
      expect(graphOf(actor.getSnapshot()).find((n) => n.id === OPERATION)).toMatchObject({ name: 'send_the_mail', data: { to: 'a@b.c' } });

      actor.send({ type: 'EDIT', nodeId: EVENT });
      actor.send({ type: 'CLOSE' });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context).toMatchObject({ editing: null, changes: 1 });
    });

    it('pause changes event nodes only', () => {
      const actor = start();
      for (const nodeId of [OPERATION, CONDITION, SWITCH, EACH, UNKNOWN]) actor.send({ type: 'PAUSE', nodeId, paused: true });
      expect(actor.getSnapshot().context.changes).toBe(0);
      expect(graphOf(actor.getSnapshot())).toEqual(sampleGraph());
      actor.send({ type: 'PAUSE', nodeId: EVENT, paused: true });
      expect(actor.getSnapshot().context.changes).toBe(1);
      expect(graphOf(actor.getSnapshot()).filter((n) => n.paused).map((n) => n.id)).toEqual([EVENT]);
    });

    it('DELETE_CONNECTION removes it (an unknown id changes nothing); SET_NODES replaces the graph', () => {
      const actor = start();
      actor.send({ type: 'DELETE_CONNECTION', connectionId: 'missing' });
      expect(actor.getSnapshot().context.changes).toBe(0);
      actor.send({ type: 'DELETE_CONNECTION', connectionId: `${SWITCH}-${OPERATION}` });
      expect(actor.getSnapshot().context.changes).toBe(1);
      expect(connectionsOf(graphOf(actor.getSnapshot())).map((c) => c.id)).toEqual([`${EVENT}-${CONDITION}`, `${CONDITION}-${SWITCH}`]);
      // The freed operation takes a new incoming connection.
      actor.send({ type: 'CONNECT_START', source: end(EACH, 'right') });
      actor.send({ type: 'CONNECT_END', destination: end(OPERATION, 'left') });
      expect(actor.getSnapshot().context.changes).toBe(2);
      actor.send({ type: 'SET_NODES', nodes: bareGraph() });
      expect(graphOf(actor.getSnapshot())).toEqual(bareGraph());
    });

    it('commands outside their state are ignored', () => {
      const actor = start();
      actor.send({ type: 'CONNECT_START', source: end(EACH, 'right') });
      actor.send({ type: 'DELETE_CONNECTION', connectionId: `${SWITCH}-${OPERATION}` });
      actor.send({ type: 'PAUSE', nodeId: EVENT, paused: true });
      actor.send({ type: 'SET_NODES', nodes: [] });
      actor.send({ type: 'EDIT', nodeId: OPERATION });
      expect(actor.getSnapshot().value).toBe('connecting');
      expect(graphOf(actor.getSnapshot())).toEqual(sampleGraph());
      expect(actor.getSnapshot().context.changes).toBe(0);
    });
  });
});
