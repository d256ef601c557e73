// The platform's own pages: /home/platform/updates (docs/platform.md "Updates").
export const platformEn_US = {
  'updates.title': "What's new",
  'updates.intro': 'The release notes of the Luma this server runs, newest first.',
  'updates.running': 'Running',
  'updates.released': 'Released {date}',
  'updates.none': 'No release notes for this version yet.',
} as const;

export type PlatformMessageKey = keyof typeof platformEn_US;
