// Workflow messages the server answers with (they can show on any screen, e.g. a record save a
// workflow refused). The workflow screens' own texts load with them: workflowScreens.*.ts.
export const workflowsEn_US = {
  'workflow.title': 'Workflow',
  workflowRemovalBlockedByDependency: 'A live component runs this workflow, so it cannot be removed. Unpublish it from live first.',
  workflowExists: 'A workflow with this name exists.',
  workflowRefused: 'A workflow refused this change.',
  workflowGraphNotValid: 'The workflow breaks a connection rule.',
  sparkNotAvailable: 'Sparks are not available yet.',
  notConfigured: 'Not configured.',
  someFieldsAreNotValid: 'Some fields are not valid!',
  'records.list.bulkRefused': 'Records changed: {count}. A workflow refused {refused}; they were left as they were.',
} as const;

export type WorkflowsMessageKey = keyof typeof workflowsEn_US;
