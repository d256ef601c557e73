import type { EventsMessageKey } from './events.en_US';

export const eventsSr: Record<EventsMessageKey, string> = {
  eventsInvalidTime: 'Unesite vreme kao ISO 8601 datum i vreme ili milisekunde od 1970.',
  eventsInvalidPage: 'Ova strana dnevnika događaja ne može da se prikaže: proverite veličinu strane (1 do 200) i kursor.',
  'events.connected': 'Uživo',
  'events.connecting': 'Povezivanje…',
  'events.reconnecting': 'Veza je prekinuta; ponovno povezivanje za 5 sekundi.',
  'events.unauthorized': 'Ažuriranja uživo su zaustavljena: prijavite se ponovo.',
  'events.failed': 'Ažuriranja uživo nisu dostupna.',
  'events.slow': 'Ažuriranja uživo su zaustavljena jer je ova kartica zaostala; ponovno povezivanje.',
} as const;
