import type { WorkflowsMessageKey } from './workflows.en_US';

export const workflowsSr: Record<WorkflowsMessageKey, string> = {
  'workflow.title': 'Tok rada',
  workflowRemovalBlockedByDependency: 'Živa komponenta pokreće ovaj tok rada, pa se ne može ukloniti. Prvo ga povucite iz živog okruženja.',
  workflowExists: 'Tok rada sa ovim imenom postoji.',
  workflowRefused: 'Tok rada je odbio ovu izmenu.',
  workflowGraphNotValid: 'Tok rada krši pravilo povezivanja.',
  sparkNotAvailable: 'Sparkovi još nisu dostupni.',
  notConfigured: 'Nije podešeno.',
  someFieldsAreNotValid: 'Neka polja nisu ispravna!',
  'records.list.bulkRefused': 'Izmenjeno zapisa: {count}. Tok rada je odbio zapisa: {refused}; ostali su nepromenjeni.',
};
