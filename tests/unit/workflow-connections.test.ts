// The workflow connection rules (runtime/workflows/connections.ts): graphViolations reports every
// rule a whole graph breaks, and agrees with connectionRefusal on what may be added.
import { describe, expect, it } from 'vitest';
import type { WorkflowConnection, WorkflowNode, WorkflowNodeType } from '../../schemas/workflow.schema';
import { createNode } from '../../runtime/workflows/constants';
import { addConnection, connectionRefusal, connectionType, graphViolations, type ConnectionEnd } from '../../runtime/workflows/connections';

const E = 10_000_001;
const OP = 10_000_002;
const COND = 10_000_003;
const SW = 10_000_004;
const EACH = 10_000_005;
const E2 = 10_000_006;
const OP2 = 10_000_007;

function node(type: WorkflowNodeType, id: number): WorkflowNode {
  return createNode(type, { id, name: `${type}_${id}`, x: 0, y: 0 });
}

function conn(id: string, source: ConnectionEnd, destination: ConnectionEnd, fields: Partial<WorkflowConnection> = {}): WorkflowConnection {
  const type = fields.type ?? (source.id === COND && source.position === 'right' ? 'reject' : 'pass');
  return { id, source, destination, type, name: fields.name ?? type };
}

/** A sound graph: event -> condition (top); condition right -> operation (reject), bottom -> switch; switch -> each (renamed); each -> event2. */
function sound(): WorkflowNode[] {
  const nodes = [node('event', E), node('operation', OP), node('condition', COND), node('switch', SW), node('each', EACH), node('event', E2), node('operation', OP2)];
  const at = (id: number) => nodes.find((n) => n.id === id)!;
  at(E).paused = true;
  at(E).connections.push(conn('a', { id: E, position: 'right' }, { id: COND, position: 'top' }));
  at(COND).connections.push(conn('b', { id: COND, position: 'right' }, { id: OP, position: 'left' }));
  at(COND).connections.push(conn('c', { id: COND, position: 'bottom' }, { id: SW, position: 'top' }));
  at(SW).connections.push(conn('d', { id: SW, position: 'right' }, { id: EACH, position: 'left' }, { name: 'big_orders' }));
  at(SW).connections.push(conn('e', { id: SW, position: 'bottom' }, { id: E2, position: 'left' }));
  at(EACH).connections.push(conn('f', { id: EACH, position: 'right' }, { id: OP2, position: 'left' }));
  return nodes;
}

const first = (node: WorkflowNode): WorkflowConnection => node.connections[0]!;

/** The sound graph with one change made to the node `id`. */
function broken(id: number, change: (node: WorkflowNode) => void): WorkflowNode[] {
  const nodes = sound();
  change(nodes.find((n) => n.id === id)!);
  return nodes;
}

describe('graphViolations', () => {
  it('a sound graph gives none, and neither does an empty one', () => {
    expect(graphViolations(sound())).toEqual([]);
    expect(graphViolations([])).toEqual([]);
  });

  it('reports a node id used twice', () => {
    expect(graphViolations([...sound(), node('each', EACH)])).toEqual([`duplicateNode:${EACH}`]);
  });

  it('reports a paused node that is not an event', () => {
    expect(graphViolations(broken(OP, (n) => (n.paused = true)))).toEqual([`pausedNotEvent:${OP}`]);
  });

  it('reports a connection to a node not in the graph, or held by a node that is not its source', () => {
    expect(graphViolations(broken(EACH, (n) => n.connections.push(conn('x', { id: EACH, position: 'bottom' }, { id: 10_000_099, position: 'top' }))))).toEqual([
      'unknownNode:x',
    ]);
    expect(graphViolations(broken(EACH, (n) => n.connections.push(conn('x', { id: SW, position: 'bottom' }, { id: OP2, position: 'top' }))))).toContain(
      'unknownNode:x',
    );
  });

  it('reports a node connected to itself', () => {
    expect(graphViolations(broken(EACH, (n) => n.connections.push(conn('x', { id: EACH, position: 'bottom' }, { id: EACH, position: 'top' }))))).toEqual([
      'selfConnection:x',
    ]);
  });

  it('reports the same pair connected twice', () => {
    expect(graphViolations(broken(SW, (n) => n.connections.push(conn('x', { id: SW, position: 'left' }, { id: EACH, position: 'top' }))))).toEqual([
      'duplicate:x',
    ]);
  });

  it('reports event, operation and condition into an event, not switch or each', () => {
    for (const [from, position] of [[E, 'bottom'], [OP, 'right'], [COND, 'bottom']] as const) {
      expect(graphViolations(broken(from, (n) => n.connections.push(conn('x', { id: from, position }, { id: E2, position: 'top' }))))).toEqual(['intoEvent:x']);
    }
    expect(graphViolations(broken(EACH, (n) => n.connections.push(conn('x', { id: EACH, position: 'bottom' }, { id: E, position: 'top' }))))).toEqual([]);
  });

  it('reports a second incoming connection into an operation', () => {
    expect(graphViolations(broken(SW, (n) => n.connections.push(conn('x', { id: SW, position: 'left' }, { id: OP, position: 'top' }))))).toEqual([
      `operationTaken:${OP}`,
    ]);
  });

  it('reports a condition entered anywhere but its top', () => {
    expect(graphViolations(broken(E, (n) => (first(n).destination.position = 'left')))).toEqual(['conditionTopOnly:a']);
  });

  it("reports a type that does not follow the source side (a condition's right is reject, the rest pass)", () => {
    expect(graphViolations(broken(COND, (n) => (n.connections[0] = { ...first(n), type: 'pass', name: 'pass' })))).toEqual(['connectionType:b']);
    expect(graphViolations(broken(EACH, (n) => (n.connections[0] = { ...first(n), type: 'reject', name: 'reject' })))).toEqual(['connectionType:f']);
  });

  it('reports a renamed connection that does not leave a switch, and a switch connection name with spaces', () => {
    expect(graphViolations(broken(EACH, (n) => (first(n).name = 'other')))).toEqual(['renamed:f']);
    expect(graphViolations(broken(SW, (n) => (first(n).name = 'big orders')))).toEqual(['connectionName:d']);
  });

  it('reports every broken rule at once', () => {
    const nodes = sound();
    nodes.find((n) => n.id === OP)!.paused = true;
    first(nodes.find((n) => n.id === E)!).destination.position = 'bottom';
    nodes.find((n) => n.id === EACH)!.connections.push(conn('x', { id: EACH, position: 'bottom' }, { id: EACH, position: 'top' }));
    expect(graphViolations(nodes).sort()).toEqual([`pausedNotEvent:${OP}`, 'conditionTopOnly:a', 'selfConnection:x'].sort());
  });
});

describe('connectionRefusal and graphViolations agree', () => {
  it('every connection connectionRefusal accepts keeps a sound graph sound; every one it refuses would break it', () => {
    const positions = ['left', 'right', 'top', 'bottom'] as const;
    const ids = [E, OP, COND, SW, EACH, E2, OP2];
    for (const s of ids)
      for (const d of ids)
        for (const sp of positions)
          for (const dp of positions) {
            const nodes = sound();
            const source = { id: s, position: sp };
            const destination = { id: d, position: dp };
            const added = addConnection(nodes, 'new', source, destination);
            const refusal = connectionRefusal(nodes, source, destination);
            if (refusal === null) expect(graphViolations(added)).toEqual([]);
            else expect(graphViolations(added).some((v) => v.startsWith(`${refusal}:`))).toBe(true);
          }
  });

  it('connectionType: reject only leaving a condition at its right', () => {
    expect(connectionType({ type: 'condition' }, 'right')).toBe('reject');
    expect(connectionType({ type: 'condition' }, 'bottom')).toBe('pass');
    expect(connectionType({ type: 'switch' }, 'right')).toBe('pass');
  });
});
