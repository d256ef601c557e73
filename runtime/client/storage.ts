// localStorage keys and a storage wrapper that never throws (private mode, no window in tests).

export const STORAGE_KEY = {
  theme: 'luma.theme',
  locale: 'luma.locale',
  projectUuid: 'luma.project_uuid',
  workspaceUuid: 'luma.workspace_uuid',
  env: 'luma.env',
  requestUuid: 'luma.request_uuid',
  /** When the PWA install prompt was last dismissed (epoch ms; src/app/pwa/installPrompt.ts). */
  installDismissedAt: 'luma.install_dismissed_at',
} as const;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function local(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export const browserStorage: KeyValueStore = {
  getItem: (key) => {
    try {
      return local()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  setItem: (key, value) => {
    try {
      local()?.setItem(key, value);
    } catch {
      // storage full or denied: the value lives for this page only
    }
  },
  removeItem: (key) => {
    try {
      local()?.removeItem(key);
    } catch {
      // ignore
    }
  },
};

/** An in-memory store with the same shape, for tests. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStore {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}
