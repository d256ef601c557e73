// Record screens: headless controllers and the thin views that render them.
export { useCreateController, type CreateController, type CreateControllerOptions } from './useCreateController';
export { useEditController, type EditController, type EditControllerOptions } from './useEditController';
export { useRecordForm, type RecordForm as RecordFormState } from './useRecordForm';
export { RecordForm } from './RecordForm';
export { CreateView } from './CreateView';
export { EditView } from './EditView';
export { QuickEditSidebar } from './QuickEditSidebar';
export { ComponentView, RecordSkeleton } from './ComponentView';
export { saveFailure } from './saveErrors';
