// Toasts: short messages that close themselves (spec section 9 durations).
import { createStore } from './store';

export type ToastTone = 'success' | 'info' | 'warning' | 'danger';

export interface Toast {
  id: number;
  /** A message key of the catalogue, or a plain sentence. */
  message: string;
  values?: Record<string, string | number>;
  tone: ToastTone;
}

export const TOAST_MS = { default: 4000, functionExists: 5000, invalidJson: 3000, copied: 2000 } as const;

export const toastStore = createStore<readonly Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number): void {
  toastStore.set(toastStore.get().filter((t) => t.id !== id));
}

export function showToast(message: string, tone: ToastTone = 'info', durationMs: number = TOAST_MS.default, values?: Record<string, string | number>): number {
  const id = nextId++;
  toastStore.set([...toastStore.get(), { id, message, tone, values }]);
  setTimeout(() => dismissToast(id), durationMs);
  return id;
}
