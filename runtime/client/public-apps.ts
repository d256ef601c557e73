// Public app calls of docs/public-apps.md over the main client (no React, usable from Node). The app's
// versions, definitions, deploys and removal are the app calls (runtime/client/apps.ts).
import type { GatewayPublicApp, PublicApp, PublicAppCreateBody, PublicAppOnboardingItem, PublicAppPatchBody } from '../api/public-apps';
import { mainClient } from './clients';

export type * from '../api/public-apps';

const seg = encodeURIComponent;
const BASE = '/v3/system/public-app';
const GATEWAY = '/v3/system/gateway/app-service/public-app';

export const publicAppsApi = {
  list: (signal?: AbortSignal) => mainClient.get<PublicApp[]>(BASE, { signal }),
  get: (id: string, signal?: AbortSignal) => mainClient.get<PublicApp>(`${BASE}/${seg(id)}`, { signal }),
  create: (body: PublicAppCreateBody) => mainClient.post<PublicApp>(BASE, body),
  update: (id: string, body: PublicAppPatchBody) => mainClient.patch<PublicApp>(`${BASE}/${seg(id)}`, body),
  all: (signal?: AbortSignal) => mainClient.get<GatewayPublicApp[]>(`${GATEWAY}/all`, { signal }),
  onboarding: (signal?: AbortSignal) => mainClient.get<PublicAppOnboardingItem[]>(`${GATEWAY}/onboarding`, { signal }),
};
