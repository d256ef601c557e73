// The report-error modal's state: clients open it on a server error, the modal subscribes.
import { browserStorage, STORAGE_KEY } from '../../../runtime/client/storage';
import { createStore } from '../../../renderers/ui/store';

export interface ReportErrorState {
  open: boolean;
  requestUuid: string | null;
}

export const reportErrorStore = createStore<ReportErrorState>({ open: false, requestUuid: null });

export function openReportError(requestUuid: string | null): void {
  if (requestUuid) browserStorage.setItem(STORAGE_KEY.requestUuid, requestUuid);
  reportErrorStore.set({ open: true, requestUuid });
}

export function closeReportError(): void {
  reportErrorStore.set({ ...reportErrorStore.get(), open: false });
}
