// Serbian (Latin) texts of the components rules' message keys; the same keys as components.en_US.
import type { ComponentsMessageKey } from './components.en_US';

export const componentsSr: Record<ComponentsMessageKey, string> = {
  cantForkVersionExists: 'Nije moguće napraviti novu verziju, verzija već postoji.',
  versionIsLive: 'Verzija je objavljena (live) i ne može se obrisati.',
  versionIsDev: 'Verzija je postavljena na dev i ne može se obrisati.',
  lastVersionCannotBeRemoved: 'Poslednja verzija se ne može obrisati.',
  liveVersionNotEditable: 'Objavljena verzija se ne može menjati: napravite novu verziju da biste menjali polja.',
  activeNeedsFields: 'Komponenta može biti aktivna tek kada su joj polja podešena.',
  publicNeedsActive: 'Komponenta može biti javna samo ako je aktivna.',
  componentRemovalBlockedByDependency:
    'Druge komponente zavise od ove komponente, pa se ne može obrisati, klonirati ni preimenovati.',
  componentHasWorkflows: 'Ova komponenta ima tokove rada: prvo ih obrišite (kartica Tok rada), pa onda komponentu.',
  'identityField.requiredField': 'Ovo polje je obavezno',
  invalidInput: 'Neispravan unos',
  componentNameRule: 'Koristite 2 do 64 znaka: slova A-Z, cifre, _ ili - (bez razmaka).',
  versionNameRule: 'Koristite 1 do 32 znaka: slova A-Z, cifre, ., _ ili - (bez razmaka).',
  fieldKeyRule: 'Koristite 2 do 64 znaka: mala slova a-z, cifre ili _ (bez razmaka).',
  routePathRule: 'Koristite 2 do 64 znaka, malim slovima, bez razmaka.',
  componentExists: 'Komponenta sa ovim imenom već postoji u ovom opsegu.',
  cantBeLessThenChars: 'Ne može biti manje od {min} karaktera',
  cantBeMoreThenChars: 'Ne može biti više od {max} karaktera',
  fieldKeyReserved: 'Ovaj ključ je rezervisan: ne sme počinjati sa dve donje crte niti biti __proto__, constructor ili prototype.',
  fieldWithSameNameOrKeyExists: 'Polje sa istim imenom ili ključem već postoji.',
  invalidSelection: 'Neispravan izbor',
  foreignKeyOnlyUnique: 'Polje stranog ključa može biti samo jedinstveno, ne i heširano.',
  notAllFieldsHashed: 'Ne mogu sva polja biti heširana: bar jedno mora ostati čitljivo.',
  relationshipNotValid: 'Podešavanja veze nisu ispravna',
  routeExists: 'Ruta sa istom putanjom već postoji.',
  functionExists: 'Funkcija sa ovim imenom već postoji.',
  componentWrongEnvironment: 'Komponenta nema verziju za ovo okruženje.',
};
