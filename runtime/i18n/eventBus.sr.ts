import type { EventBusMessageKey } from './eventBus.en_US';

export const eventBusSr: Record<EventBusMessageKey, string> = {
  'eventBus.status.connected': 'Povezano',
  'eventBus.status.reconnecting': 'Ponovno povezivanje',
  'eventBus.status.offline': 'Van mreže',
  'eventBus.status.unauthorized': 'Odjavljeni ste sa ažuriranja uživo',
  'eventBus.status.label': 'Ažuriranja uživo: {status}',
  'eventBus.status.connectedHint': 'Izmene drugih korisnika pojavljuju se čim se dogode.',
  'eventBus.status.reconnectingHint': 'Veza je prekinuta; pokušavamo ponovo. Liste se osvežavaju kad se veza vrati.',
  'eventBus.status.offlineHint': 'Ažuriranja uživo su isključena posle greške servera. Ekrani se i dalje učitavaju, ali ređe osvežavaju.',
  'eventBus.status.unauthorizedHint': 'Vaša sesija više ne dozvoljava ažuriranja uživo. Prijavite se ponovo ili pokušajte ponovo da se povežete.',
  'eventBus.reconnect': 'Poveži ponovo',
  'eventBus.newRecords': '{count, plural, one {# nova izmena} few {# nove izmene} other {# novih izmena}} na ovoj listi',
  'eventBus.showNew': 'Prikaži ih',
  'eventBus.changedBySomeoneElse': 'Neko drugi je sačuvao ovaj zapis pošto ste ga otvorili, pa bi čuvanje vaše verzije bilo odbijeno. Ponovo učitajte da vidite njihove izmene; vaše nesačuvane izmene će se izgubiti.',
  'eventBus.deletedBySomeoneElse': 'Neko drugi je obrisao ovaj zapis pošto ste ga otvorili.',
  'eventBus.reload': 'Ponovo učitaj zapis',
};
