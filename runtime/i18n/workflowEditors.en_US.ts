// Texts of the workflow node editors and of Scout's workflow run log (docs/workflows.md).
export const workflowEditorsEn_US = {
  'workflow.editor.title': 'Edit node',
} as const;

export type WorkflowEditorsMessageKey = keyof typeof workflowEditorsEn_US;
