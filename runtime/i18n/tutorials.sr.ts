import type { TutorialsMessageKey } from './tutorials.en_US';

export const tutorialsSr: Record<TutorialsMessageKey, string> = {
  'tutorial.dialog': 'Vodič: {name}',
  'tutorial.progress': '{n} / {total}',
  'tutorial.previous': 'Prethodni',
  'tutorial.next': 'Sledeći',
  'tutorial.close': 'Zatvori',
  'tutorial.skip': 'Preskoči',
  'tutorial.dontShow': 'Ne prikazuj vodiče',
  'tutorial.seeMore': 'Više vodiča',
  'tutorial.back': 'Nazad na vodič',
  'tutorial.listTitle': 'Vodiči',
  'tutorial.listHint': 'Otvorite bilo koji vodič ponovo, završen ili ne.',
  'tutorial.done': 'Završeno',
  'tutorial.notDone': 'Nije završeno',
  'tutorial.keys': 'Strelice pomeraju slajdove, Escape zatvara.',
  'tutorial.saveFailed': 'Napredak kroz vodič nije sačuvan; vodič se može ponovo prikazati.',
  'tutorial.profile.title': 'Vodiči',
  'tutorial.profile.fresh': 'Vodiči se sami pokreću na ekranima koje objašnjavaju.',
  'tutorial.profile.hidden': 'Izabrali ste da se vodiči ne prikazuju: nijedan se ne pokreće sam.',
  'tutorial.profile.showing': 'Vodiči se sami pokreću na ekranima koje objašnjavaju; završeno {done} od {total}.',
  'tutorial.profile.clearDone': 'Prikaži i završene vodiče',
  'tutorial.profile.showAgain': 'Ponovo prikazuj vodiče',
  'tutorial.profile.saving': 'Čuvanje…',
  'tutorial.profile.nothingToDo': 'Vodiči se već prikazuju. Označite polje iznad da biste ponovo videli završene.',
  'tutorial.profile.shownAgain': 'Vodiči će se ponovo pokretati na ekranima koje objašnjavaju.',
  'tutorial.name.introduction': 'Uvod',
  'tutorial.name.templates': 'Šabloni',
  'tutorial.name.dashboard': 'Kontrolna tabla',
  'tutorial.name.dev': 'Dev i live',

  'tutorial.introduction.1.title': 'Dobro došli u Lumu',
  'tutorial.introduction.1.text':
    'U Lumi pravite administratorske ekrane i podatke iza njih za svoj projekat. Ovaj kratak obilazak pokazuje gde je šta. Prvo izaberite jezik koji vam odgovara: kasnije ga možete promeniti u zaglavlju.',
  'tutorial.introduction.2.title': 'Komponente čuvaju vaše podatke',
  'tutorial.introduction.2.text':
    'Komponenta je tabela sa svojim poljima, podešavanjima liste i pravilima. Otvorite Komponente u bočnom meniju da biste dodali jednu; svaka dobija svoj spisak, ekran za unos i za izmenu, pod stavkom menija koju joj date.',
  'tutorial.introduction.3.title': 'Automatizujte ono što se dešava zapisima',
  'tutorial.introduction.3.text':
    'Tokovi rada reaguju kada se zapis napravi, izmeni ili obriše; funkcije i sparkovi pokreću vaš kod. Scout prikazuje događaje, API pozive i izvršavanja tokova, pa vidite šta se desilo i zašto.',
  'tutorial.introduction.4.title': 'Ljudi i podešavanja',
  'tutorial.introduction.4.text':
    'Pod Upravljanjem administratori pozivaju korisnike, dodeljuju im uloge i dodaju integracije. Više vodiča, ispod, prikazuje ostale vodiče: šablone, kontrolnu tablu te dev i live.',

  'tutorial.templates.1.title': 'Počnite od šablona',
  'tutorial.templates.1.text':
    'Šablon je početni komplet za radni prostor: komponente sa poljima i podešavanjima liste, tok rada, vidžet za kontrolnu tablu, aplikacija i nekoliko primera zapisa.',
  'tutorial.templates.2.title': 'Pogledajte pre instalacije',
  'tutorial.templates.2.text':
    'Otvorite šablon da vidite šta sadrži, pa ga instalirajte u radni prostor. Instalira se u jednom koraku, ili se ništa ne menja ako nešto sa istim imenom već postoji.',
  'tutorial.templates.3.title': 'Jedan po radnom prostoru',
  'tutorial.templates.3.text':
    'Svaki radni prostor ima jedan šablon. Deinstalacija uklanja ono što je šablon napravio, zajedno sa zapisima, i ništa drugo.',

  'tutorial.dashboard.1.title': 'Vaša kontrolna tabla',
  'tutorial.dashboard.1.text':
    'Kontrolna tabla prikazuje komponente projekta, ono što još treba podesiti (obavezno uvođenje) i, administratorima, resurse koje projekat troši u odnosu na ograničenja.',
  'tutorial.dashboard.2.title': 'Vidžeti',
  'tutorial.dashboard.2.text':
    'Vidžet je sačuvan prikaz zapisa jedne komponente: broj, tabela ili grafikon nad filterom, koji se sam osvežava. Vidžete pravite pod Aplikacije, pa Vidžeti.',
  'tutorial.dashboard.3.title': 'Rasporedite ih',
  'tutorial.dashboard.3.text':
    'Administratori biraju koje vidžete prikazuju kontrolna tabla i početna strana, i kojim redom, dugmetom Izaberi vidžete. Svako vidi podatke koje mu uloge dozvoljavaju.',

  'tutorial.dev.1.title': 'Dev i live',
  'tutorial.dev.1.text':
    'Svaki radni prostor ima dva okruženja. Live je ono sa čim rade vaši korisnici; dev je mesto gde prvo isprobavate izmene. Oznaka u zaglavlju pokazuje u kom ste okruženju i menja ga.',
  'tutorial.dev.2.title': 'Verzije',
  'tutorial.dev.2.text':
    'Komponenta ima verzije. Napravite novu verziju (fork) da biste je menjali, postavite je na dev da je isprobate, pa na live. Polja live verzije se ne mogu menjati, pa se ništa ne promeni korisnicima slučajno.',
  'tutorial.dev.3.title': 'Isto važi za aplikacije i tokove',
  'tutorial.dev.3.text':
    'I aplikacije i tokovi rada imaju dev i live verziju. Komponenta ili aplikacija se vidi u okruženju tek kada to okruženje ima njenu verziju.',
  'tutorial.dev.4.title': 'Alati za programere',
  'tutorial.dev.4.text':
    'Podešavanja, pa Za programere, sadrže opis svakog API poziva i TypeScript tipove SDK-a. Scout beleži API pozive i izvršavanja tokova, pa zahtev možete pratiti od početka do kraja.',

  'onboarding.welcome': 'Dobro došli! Nekoliko stvari u ovom projektu je instalirano, ali još nije podešeno.',
  'onboarding.preferredLanguage': 'Željeni jezik',
  'onboarding.completed': 'Uvođenje je završeno',
  'onboarding.congratulations': 'Čestitamo: sve što je instalirano u ovom projektu je podešeno.',
  'onboarding.dismiss': 'Skloni',
};
