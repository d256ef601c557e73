import type { PlatformMessageKey } from './platform.en_US';

export const platformSr: Record<PlatformMessageKey, string> = {
  'updates.title': 'Šta je novo',
  'updates.intro': 'Beleške o izdanjima Lume koju ovaj server pokreće, od najnovije.',
  'updates.running': 'Pokrenuta',
  'updates.released': 'Objavljeno {date}',
  'updates.none': 'Za ovu verziju još nema beleški o izdanju.',
};
