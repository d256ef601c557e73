// The settings screen's tabs, kept in the URL hash (spec "Component settings screen").
export const SETTINGS_TABS = ['general', 'appearance', 'list', 'fields', 'model', 'workflow', 'functions', 'config'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export function tabFromHash(hash: string): SettingsTab {
  const id = hash.replace(/^#/, '');
  return (SETTINGS_TABS as readonly string[]).includes(id) ? (id as SettingsTab) : 'general';
}

/** The tab an arrow, Home or End key moves to, skipping disabled tabs; null for other keys. */
export function tabAfterKey(current: SettingsTab, key: string, disabled: ReadonlySet<SettingsTab>): SettingsTab | null {
  const enabled = SETTINGS_TABS.filter((t) => !disabled.has(t));
  if (enabled.length === 0) return null;
  const at = Math.max(0, enabled.indexOf(current));
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return enabled[(at + 1) % enabled.length] ?? null;
    case 'ArrowLeft':
    case 'ArrowUp':
      return enabled[(at - 1 + enabled.length) % enabled.length] ?? null;
    case 'Home':
      return enabled[0] ?? null;
    case 'End':
      return enabled.at(-1) ?? null;
    default:
      return null;
  }
}
