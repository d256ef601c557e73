// Workflow graphs for the API tests: nodes as the editor saves them (names that pass the node
// rules) and connections between them.
export type Node = {
  id: number;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  type: string;
  action: string;
  paused: boolean;
  parallel: boolean;
  data: Record<string, unknown>;
  connections: unknown[];
};

/** A node factory whose ids start at `first` (each file its own range). */
export function nodeFactory(first: number) {
  let nextId = first;
  return (type: string, action: string, data: Record<string, unknown> = {}, extra: Partial<Node> = {}): Node => {
    const id = nextId++;
    return { id, name: `n_${id}`, x: 0, y: 0, width: 120, height: 60, type, action, paused: false, parallel: false, data, connections: [], ...extra };
  };
}

/** A connection from `from` to `to`: a condition's right side is a reject connection, every other one pass. */
export function connect(from: Node, to: Node, options: { from?: string; to?: string; name?: string } = {}): void {
  const fromPos = options.from ?? 'bottom';
  const type = from.type === 'condition' && fromPos === 'right' ? 'reject' : 'pass';
  from.connections.push({ id: `${from.id}-${to.id}`, source: { id: from.id, position: fromPos }, destination: { id: to.id, position: options.to ?? 'top' }, type, name: options.name ?? type });
}
