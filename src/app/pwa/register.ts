// Registers the service worker vite-plugin-pwa builds (pwa.config.ts) and keeps the browser's install
// offer for the prompt. In the dev server and in tests there is no worker: virtual:pwa-register is
// then a no-op.
import { registerSW } from 'virtual:pwa-register';
import { listenForInstallOffer } from './installPrompt';

export function startInstallableApp(): void {
  listenForInstallOffer();
  if ('serviceWorker' in navigator) registerSW({ immediate: true });
}
