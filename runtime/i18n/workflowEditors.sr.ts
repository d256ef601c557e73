import type { WorkflowEditorsMessageKey } from './workflowEditors.en_US';

export const workflowEditorsSr: Record<WorkflowEditorsMessageKey, string> = {
  'workflow.editor.title': 'Izmena čvora',
};
