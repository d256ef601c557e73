// The record import wizard (docs/lists.md "Import" and "The import wizard"; spec sections 3, 5, 7, 8):
// 1 pick a CSV or JSON file (or drop it), 2 preview its first rows (parsed in the browser from the
// first chunk only), 3 map columns to fields (prefilled by key and label, any case or spacing; the
// columns left out are listed) and choose the primary key, 4 run with a progress bar; then the
// counts, or on 417 every bad row with its translated messages and a way to pick the fixed file and
// try again. Import failure (spec section 8): 500 the report modal (opened by the call), 417
// fieldsNotValid, anything else the server's message. The steps are the states of
// machines/recordImport.machine.ts; this renders them.
import type { ViewSchema } from '../../../../../schemas/viewSchema.schema';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { Message, useMessage } from '../../../../../renderers/ui/Message';
import type { ImportProblem } from '../../../../../machines/recordImport.actors';
import type { ImportResult } from '../../../api/import';
import { ImportMapStep } from './ImportMapStep';
import { ErrorsStep, FileStep, ResultStep, RunStep, type PickFile } from './ImportSteps';
import { useImportWizard } from './useImportWizard';

export interface ImportWizardProps {
  componentRef: string;
  view: ViewSchema;
  onClose(): void;
  onImported(result: ImportResult): void;
}

const STEPS = ['file', 'preview', 'map', 'run'] as const;

/** Where the wizard is: 0 file, 1 preview and map (shown together), 3 run and what came of it. */
function StepList({ current }: { current: 0 | 1 | 3 }) {
  const t = useMessage();
  return (
    <ol className="import-steps" aria-label={t('import.steps')}>
      {STEPS.map((step, index) => (
        <li key={step} aria-current={index === current || (index === 2 && current === 1) ? 'step' : undefined} className={index <= current ? 'done' : undefined}>
          {t(`import.step.${step}`)}
        </li>
      ))}
    </ol>
  );
}

function ProblemMessage({ problem }: { problem: ImportProblem }) {
  return (
    <div className="message message-danger" role="alert" data-testid="import-message">
      <Message value={problem.message} />
      {problem.errors.length > 0 ? (
        <ul className="field-errors">
          {problem.errors.map((error, index) =>
            error.messages.map((message, m) => (
              <li key={`${index}-${m}`}>
                {error.field}: <Message value={message} values={error.values?.[m] ?? undefined} />
              </li>
            )),
          )}
        </ul>
      ) : null}
    </div>
  );
}

export function ImportWizard({ componentRef, view, onClose, onImported }: ImportWizardProps) {
  const t = useMessage();
  const [state, send, actor] = useImportWizard({ componentRef, view, onImported });
  const { context } = state;
  const pick: PickFile = (file) => send({ type: 'PICK', file });
  // Closing aborts an import under way (the machine stops its call).
  const close = () => {
    if (actor.getSnapshot().status === 'active') send({ type: 'CLOSE' });
    onClose();
  };

  return (
    <Dialog open wide testId="import-wizard" title={t('import.title', { component: view.component.label })} onClose={close}
      actions={
        <>
          {state.matches('map') ? (
            <button type="button" className="button button-primary" data-testid="import-run" disabled={!state.can({ type: 'RUN' })} onClick={() => send({ type: 'RUN' })}>
              {t('import.run')}
            </button>
          ) : null}
          <button type="button" className="button" data-testid="import-close" onClick={close}>
            {t(state.matches('result') ? 'import.done.close' : 'import.close')}
          </button>
        </>
      }
    >
      <StepList current={state.matches('file') ? 0 : state.matches('map') ? 1 : 3} />
      {context.problem ? <ProblemMessage problem={context.problem} /> : null}
      {state.matches('file') ? <FileStep onPick={pick} /> : null}
      {state.matches('map') && context.preview ? (
        <ImportMapStep view={view} fileName={context.file?.name} preview={context.preview} mapping={context.mapping} primaryKey={context.primaryKey} send={send} onPick={pick} />
      ) : null}
      {state.matches('run') ? <RunStep uploaded={context.progress.uploaded} total={context.progress.total} importing={state.matches({ run: 'importing' })} /> : null}
      {state.matches('result') && context.result ? <ResultStep result={context.result} /> : null}
      {state.matches('errors') ? <ErrorsStep errors={context.rowErrors} view={view} onPick={pick} /> : null}
    </Dialog>
  );
}

export default ImportWizard;
