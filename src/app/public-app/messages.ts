// The served page's few words in the product's two locales (spec section 9), chosen by the browser's
// language; the server's message keys it may meet are here too. Kept apart from the platform's
// catalogue so the bundle stays small.
const en_US = {
  loading: 'Loading…',
  notFound: 'This app is not available here.',
  failed: 'Something went wrong, try again.',
  submit: 'Send',
  sending: 'Sending…',
  sent: 'Thank you, it is sent.',
  empty: 'Nothing here yet.',
  signIn: 'Sign in',
  signUp: 'Create an account',
  signOut: 'Sign out',
  email: 'E-mail',
  name: 'Name',
  password: 'Password',
  haveAccount: 'I have an account',
  newAccount: 'I am new here',
  signedInAs: 'Signed in as {name}',
  required: 'Required.',
  fieldNotPublic: 'This field is not readable by this app.',
  portalSignInRequired: 'Sign in to use this portal.',
  portalEmailExists: 'An account with this e-mail exists.',
  'Login failed': 'The e-mail or password is not right.',
  forbidden: 'This app may not do that.',
  fieldsNotValid: 'Some fields are not valid.',
  passwordNotValid: 'At least 8 characters.',
  'identityField.requiredField': 'Required.',
  unique: 'This value is taken.',
} as const;

type Key = keyof typeof en_US;

const sr: Record<Key, string> = {
  loading: 'Učitavanje…',
  notFound: 'Ova aplikacija ovde nije dostupna.',
  failed: 'Nešto nije u redu, pokušajte ponovo.',
  submit: 'Pošalji',
  sending: 'Slanje…',
  sent: 'Hvala, poslato je.',
  empty: 'Ovde još nema ničega.',
  signIn: 'Prijava',
  signUp: 'Napravi nalog',
  signOut: 'Odjava',
  email: 'E-adresa',
  name: 'Ime',
  password: 'Lozinka',
  haveAccount: 'Imam nalog',
  newAccount: 'Nov sam ovde',
  signedInAs: 'Prijavljeni ste kao {name}',
  required: 'Obavezno.',
  fieldNotPublic: 'Ovo polje ova aplikacija ne može da čita.',
  portalSignInRequired: 'Prijavite se da biste koristili ovaj portal.',
  portalEmailExists: 'Nalog sa ovom e-adresom postoji.',
  'Login failed': 'E-adresa ili lozinka nisu tačne.',
  forbidden: 'Ova aplikacija to ne sme.',
  fieldsNotValid: 'Neka polja nisu ispravna.',
  passwordNotValid: 'Najmanje 8 znakova.',
  'identityField.requiredField': 'Obavezno.',
  unique: 'Ova vrednost je zauzeta.',
};

const chosen: Record<Key, string> = (navigator.language ?? '').toLowerCase().startsWith('sr') ? sr : en_US;

/** A word by key; a server key it does not know is shown as the general failure. */
export function t(key: string, values: Record<string, string> = {}): string {
  const text = (chosen as Record<string, string>)[key] ?? chosen.failed;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
