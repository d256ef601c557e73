// The node editor (contract for the canvas; the forms per node type and action replace this body).
// It edits a draft of the node. Closing with valid fields calls onChange(draft) then onClose(); with
// invalid fields it stays open and says 'Some fields are not valid!'. Cancel calls onClose() only.
import type { WorkflowConnection, WorkflowNode } from '../../../../../schemas/workflow.schema';

export interface NodeEditorProps {
  node: WorkflowNode;
  /** The whole graph (names of other nodes, the switch's connections). */
  nodes: readonly WorkflowNode[];
  /** The workflow's component (the component node's default target, the mocked record's fields). */
  componentUuid: string;
  /** Live environment: fields are shown read-only and nothing is changed. */
  readOnly: boolean;
  onChange(node: WorkflowNode): void;
  onClose(): void;
}

export function NodeEditor({ node, onClose }: NodeEditorProps) {
  return (
    <div role="dialog" aria-label={node.name || node.type} data-testid="node-editor">
      <p>{node.name}</p>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

export interface ConnectionEditorProps {
  connection: WorkflowConnection;
  readOnly: boolean;
  /** Called with the new name (spaces already turned into underscores), once it is valid. */
  onChange(name: string): void;
  onClose(): void;
}

/** Renames a connection leaving a switch (the only ones that can be renamed). */
export function ConnectionEditor({ connection, onClose }: ConnectionEditorProps) {
  return (
    <div role="dialog" aria-label={connection.name} data-testid="connection-editor">
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
