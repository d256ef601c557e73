// Serbian (Latin) texts of the record form messages; the same keys as records.en_US.
import type { RecordsMessageKey } from './records.en_US';

export const recordsSr: Record<RecordsMessageKey, string> = {
  cantBeMoreThenChars: 'Ne može biti više od {max} karaktera',
  symbolNotAllowed: 'Slovo ili simbol {symbol} nije dozvoljen',
  wordNotAllowed: 'Reč {word} nije dozvoljena',
  invalidEmail: 'Neispravna e-mail adresa',
  cantBeMoreThen: 'Ne može biti više od {max}',
  cantBeLessThen: 'Ne može biti manje od {min}',
  selectNotLessThen: 'Potrebno je izabrati najmanje {min} i najviše {max}',
  numberNotInRange: 'Broj nije u dozvoljenom opsegu',
  invalidNumber: 'Neispravan broj',
  invalidDates: 'Neispravni datumi',
  maxNrOfImages: 'Najveći broj slika je {max}',
  maxNrOfImagesExceeded: 'Premašen je najveći broj slika',
  invalidFields: 'Neke stavke nisu ispravne',
  email_already_exists: 'E-mail adresa već postoji',
  unique: 'Vrednost ovog polja mora biti jedinstvena',
  invalid: 'Neispravna vrednost',
  'identityField.passwordDoesntMatch': 'Lozinke se ne poklapaju',
  'records.group.general': 'Opšte',
  'records.column.uuid': 'UUID',
  'records.column.disabled_at': 'Onemogućeno',
  'records.column.created_at': 'Kreirano',
  'records.column.updated_at': 'Izmenjeno',
};
