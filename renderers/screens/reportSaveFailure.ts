// Shows a failed save the way spec section 8 says (see saveFailure).
import { showToast } from '../ui/toast';
import { saveFailure } from './saveErrors';
import type { RecordForm } from './useRecordForm';

export function reportSaveFailure(error: unknown, form: Pick<RecordForm, 'applyFieldErrors'>): void {
  const failure = saveFailure(error);
  switch (failure.kind) {
    case 'reported':
      return;
    case 'conflict':
      showToast(failure.messageKey, 'warning');
      return;
    case 'fields':
      form.applyFieldErrors(failure.fieldErrors);
      return;
    case 'message':
      form.applyFieldErrors(failure.fieldErrors);
      showToast(failure.messageKey, 'danger');
  }
}
