// Workflow texts of the canvas, the dry run and the server's workflow messages (docs/workflows.md).
// The node editors' and Scout's texts are in workflowEditors.*.ts.
export const workflowsEn_US = {
  'workflow.title': 'Workflow',
  workflowRemovalBlockedByDependency: 'A live component runs this workflow, so it cannot be removed. Unpublish it from live first.',
  workflowExists: 'A workflow with this name exists.',
  workflowRefused: 'A workflow refused this change.',
  workflowGraphNotValid: 'The workflow breaks a connection rule.',
  sparkNotAvailable: 'Sparks are not available yet.',
  notConfigured: 'Not configured.',
  someFieldsAreNotValid: 'Some fields are not valid!',
} as const;

export type WorkflowsMessageKey = keyof typeof workflowsEn_US;
