// Serbian (Latin) texts of the account screens; the same keys as account.en_US.
import type { AccountMessageKey } from './account.en_US';

export const accountSr: Record<AccountMessageKey, string> = {
  // Server message key of the profile's password confirmation (src/server/auth/profile-rules.ts)
  password_not_match: 'Lozinke se ne poklapaju.',

  // Shared
  'account.name': 'Ime i prezime',
  'account.email': 'E-pošta',
  'account.password': 'Lozinka',
  'account.newPassword': 'Nova lozinka',
  'account.passwordConfirmation': 'Ponovite lozinku',
  'account.passwordHint': 'Najmanje {min} karaktera.',
  'account.backToSignIn': 'Nazad na prijavu',
  'account.optional': '(nije obavezno)',
  'account.ok': 'U redu',

  // Two-factor sign-in step
  'account.twoFactor.title': 'Unesite kod',
  'account.twoFactor.intro': 'Otvorite aplikaciju za autentifikaciju i unesite šestocifreni kod koji prikazuje za Luma.',
  'account.twoFactor.code': 'Kod za potvrdu',
  'account.twoFactor.codeFormat': 'Unesite svih 6 cifara koda.',
  'account.twoFactor.remember': 'Zapamti ovaj uređaj {days} dana (bez traženja koda na njemu)',
  'account.twoFactor.submit': 'Potvrdi',
  'account.twoFactor.submitting': 'Proveravanje…',
  'account.twoFactor.signInAgain': 'Idite na stranicu za prijavu',

  // Registration
  'account.register.title': 'Napravite nalog',
  'account.register.intro': 'Posle registracije možete napraviti projekat ili se pridružiti projektu u koji ste pozvani.',
  'account.register.submit': 'Napravi nalog',
  'account.register.submitting': 'Pravljenje naloga…',
  'account.register.haveAccount': 'Već imate nalog?',

  // Forgotten password
  'account.forgot.title': 'Promena zaboravljene lozinke',
  'account.forgot.intro': 'Unesite adresu e-pošte svog naloga i poslaćemo vam link za izbor nove lozinke.',
  'account.forgot.submit': 'Pošalji link',
  'account.forgot.submitting': 'Slanje…',
  'account.forgot.sent': 'Ako nalog za {email} postoji, poslali smo mu link za promenu lozinke. Link važi {minutes} minuta.',
  'account.forgot.sentHint': 'Niste ga dobili? Proverite fasciklu za neželjenu poštu ili da li ste uneli adresu kojom ste se registrovali.',
  'account.forgot.again': 'Unesite drugu adresu',

  // Reset
  'account.reset.title': 'Izaberite novu lozinku',
  'account.reset.intro': 'Nova lozinka zamenjuje staru, a bićete odjavljeni sa svih uređaja.',
  'account.reset.submit': 'Sačuvaj novu lozinku',
  'account.reset.submitting': 'Čuvanje…',
  'account.reset.done': 'Lozinka je promenjena. Prijavite se novom lozinkom.',
  'account.reset.requestNew': 'Zatražite novi link',

  // Invitations
  'account.invite.title': 'Pridružite se projektu',
  'account.invite.intro': 'Pozvani ste da se pridružite projektu {project}.',
  'account.invite.forEmail': 'Pozivnica za {email}',
  'account.invite.invalidHint': 'Zamolite osobu koja vas je pozvala da pošalje novu pozivnicu.',
  'account.invite.signInFirst': 'Već imate nalog. Prijavite se kao {email} da biste prihvatili pozivnicu.',
  'account.invite.signIn': 'Prijavite se i prihvatite',
  'account.invite.acceptHint': 'Prihvatanjem se projekat dodaje vašem nalogu.',
  'account.invite.createHint': 'Napravite nalog da biste se pridružili: unesite ime i izaberite lozinku.',
  'account.invite.accept': 'Prihvati pozivnicu',
  'account.invite.createAndAccept': 'Napravi nalog i pridruži se',
  'account.invite.accepting': 'Pridruživanje…',
  'account.invite.switchAccount': 'Odjavite se i koristite drugi nalog',

  // No project (/?force=true)
  'account.noProject.title': 'Još niste ni u jednom projektu',
  'account.noProject.body':
    'Sve u Lumi pripada nekom projektu: komponente, tokovi rada, mediji i članovi. Napravite svoj projekat odmah i bićete njegov vlasnik i administrator.',
  'account.noRoles.title': 'Još nemate ulogu u ovom projektu',
  'account.noRoles.body':
    'Član ste projekta, ali vam nije dodeljena nijedna uloga, pa još nemate šta da otvorite. Zatražite ulogu od administratora projekta ili napravite svoj projekat.',
  'account.noWorkspaceRole.title': 'Nemate ulogu u ovom radnom prostoru',
  'account.noWorkspaceRole.body':
    'Član ste ovog projekta i imate ulogu u nekom drugom njegovom radnom prostoru, ali ne i u ovom u kome ste sada, pa vam ovde ništa nije otvoreno. Zatražite od administratora projekta ulogu u ovom radnom prostoru.',
  'account.noProject.name': 'Naziv projekta',
  'account.noProject.defaultName': 'Moj projekat',
  'account.noProject.create': 'Napravi projekat',
  'account.noProject.creating': 'Pravljenje projekta…',
  'account.noProject.invites':
    'Da biste se pridružili tuđem projektu, zamolite nekog od njegovih administratora da pozove vašu adresu e-pošte: pozivnica stiže e-poštom, sa linkom koji vas dodaje u projekat.',
  'account.noProject.otherAccount': 'Odjavite se i koristite drugi nalog',

  // Profile
  'account.profile.title': 'Vaš profil',
  'account.profile.intro': 'Vaši podaci, lozinka, dvostepena potvrda identiteta i prijavljeni uređaji.',
  'account.profile.details': 'Podaci',
  'account.profile.timezone': 'Vremenska zona',
  'account.profile.passwordSection': 'Promena lozinke',
  'account.profile.passwordIntro': 'Ostavite prazno da biste zadržali sadašnju lozinku.',
  'account.profile.endOthers': 'Odjavi moje ostale sesije',
  'account.profile.save': 'Sačuvaj profil',
  'account.profile.saving': 'Čuvanje…',
  'account.profile.saved': 'Profil je sačuvan.',
  'account.profile.savedEndedOthers': 'Profil je sačuvan. Ostale sesije su odjavljene.',
  'account.profile.passwordMismatch': 'Nova lozinka i njeno ponavljanje moraju biti isti, sa najmanje {min} karaktera.',

  // Billing address
  'account.billing.title': 'Adresa za naplatu',
  'account.billing.intro': 'Koristi se na računima. Ostavite prazno ako vam nije potrebna.',
  'account.billing.type': 'Naplata na',
  'account.billing.type.person': 'Fizičko lice',
  'account.billing.type.company': 'Pravno lice',
  'account.billing.country': 'Država',
  'account.billing.firstname': 'Ime',
  'account.billing.lastname': 'Prezime',
  'account.billing.company': 'Naziv firme',
  'account.billing.vat_number': 'PIB',
  'account.billing.main_number': 'Matični broj',
  'account.billing.address': 'Adresa',
  'account.billing.city': 'Grad',
  'account.billing.zipcode': 'Poštanski broj',
  'account.billing.state': 'Pokrajina ili region',
  'account.billing.email': 'E-pošta za račune',

  // Two-factor enrolment
  'account.twoFactor.section': 'Dvostepena potvrda identiteta',
  'account.twoFactor.on': 'Uključena',
  'account.twoFactor.off': 'Isključena',
  'account.twoFactor.onHint': 'Prijava traži kod iz vaše aplikacije za autentifikaciju.',
  'account.twoFactor.offHint': 'Dodajte drugi korak prijavi: kod iz aplikacije za autentifikaciju na telefonu.',
  'account.twoFactor.enable': 'Uključi',
  'account.twoFactor.preparing': 'Priprema…',
  'account.twoFactor.disable': 'Isključi',
  'account.twoFactor.disableIntro': 'Unesite trenutni kod iz aplikacije za autentifikaciju da biste isključili dvostepenu potvrdu.',
  'account.twoFactor.scan': 'Skenirajte ovaj QR kod aplikacijom za autentifikaciju (na primer Google Authenticator, 1Password ili Authy).',
  'account.twoFactor.qrAlt': 'QR kod za dodavanje Lume u aplikaciju za autentifikaciju',
  'account.twoFactor.typeKey': 'Ne možete da skenirate? Umesto toga unesite ovaj ključ u aplikaciju:',
  'account.twoFactor.enterCode': 'Unesite šestocifreni kod koji aplikacija sada prikazuje, da potvrdite da radi.',
  'account.twoFactor.confirmEnable': 'Potvrdi i uključi',
  'account.twoFactor.confirmDisable': 'Isključi',
  'account.twoFactor.checking': 'Proveravanje…',
  'account.twoFactor.turnedOn': 'Dvostepena potvrda identiteta je uključena.',
  'account.twoFactor.turnedOff': 'Dvostepena potvrda identiteta je isključena.',

  // Sessions
  'account.sessions.section': 'Prijavljeni uređaji',
  'account.sessions.intro': 'Svaki red je pregledač ili uređaj prijavljen na vaš nalog. Prekinite svaku sesiju koju ne prepoznajete.',
  'account.sessions.device': 'Uređaj',
  'account.sessions.ip': 'IP adresa',
  'account.sessions.created': 'Prijava',
  'account.sessions.lastSeen': 'Poslednja aktivnost',
  'account.sessions.actions': 'Radnje',
  'account.sessions.browserOn': '{browser} na {system}',
  'account.sessions.unknownDevice': 'Nepoznat uređaj',
  'account.sessions.thisDevice': 'Ovaj uređaj',
  'account.sessions.end': 'Prekini',
  'account.sessions.ending': 'Prekidanje…',
  'account.sessions.signOutHere': 'Odjavi se ovde',
  'account.sessions.endOthers': 'Prekini sve ostale sesije',
  'account.sessions.ended': 'Sesija je prekinuta.',
  'account.sessions.endedOthers':
    '{count, plural, =0 {Nije bilo drugih otvorenih sesija.} one {Prekinuta je # druga sesija.} few {Prekinute su # druge sesije.} other {Prekinuto je # drugih sesija.}}',
  'account.sessions.confirmOthersTitle': 'Prekinuti sve ostale sesije?',
  'account.sessions.confirmOthersBody':
    '{count, plural, one {Drugi uređaj će biti odjavljen.} few {# druga uređaja će biti odjavljena.} other {# drugih uređaja će biti odjavljeno.}} Ovaj uređaj ostaje prijavljen.',
  'account.sessions.confirmCurrentTitle': 'Odjaviti se sa ovog uređaja?',
  'account.sessions.confirmCurrentBody': 'Time se prekida sesija koju sada koristite i prelazite na stranicu za prijavu.',
};
