// The import wizard's machine (machines/recordImport.machine.ts) with the real calls: the preview
// read in the browser (importModel), the mapping prefilled or carried over by the component's view,
// and the import call (api/import), whose success is confirmed with a toast and handed to the list.
import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
import type { RecordImportApi } from '../../../../../machines/recordImport.actors';
import { recordImportMachine } from '../../../../../machines/recordImport.machine';
import type { ViewSchema } from '../../../../../schemas/viewSchema.schema';
import { showToast } from '../../../../../renderers/ui/toast';
import { importRecords, type ImportResult } from '../../../api/import';
import { carryMapping, prefillMapping, readPreview } from './importModel';

export interface ImportWizardSource {
  componentRef: string;
  view: ViewSchema;
  onImported(result: ImportResult): void;
}

export function useImportWizard({ componentRef, view, onImported }: ImportWizardSource) {
  const latest = useRef({ view, onImported });
  latest.current = { view, onImported };
  const api = useMemo<RecordImportApi>(
    () => ({
      readPreview,
      mapColumns: (columns, previous) => (previous ? carryMapping(previous, columns, latest.current.view) : prefillMapping(columns, latest.current.view)),
      importRecords: async (call) => {
        const result = await importRecords(call);
        showToast('import.done', 'success', undefined, { created: result.created, updated: result.updated });
        latest.current.onImported(result);
        return result;
      },
    }),
    [],
  );
  return useMachine(recordImportMachine, { input: { api, ref: componentRef } });
}
