import type { InstallAppMessageKey } from './installApp.en_US';

export const installAppSr: Record<InstallAppMessageKey, string> = {
  'install.title': 'Instalirajte Lumu',
  'install.body': 'Dodajte Lumu na ovaj uređaj: otvara se u sopstvenom prozoru, sa sopstvenom ikonom, i brže se pokreće.',
  'install.install': 'Instaliraj',
  'install.notNow': 'Ne sada',
  'mobile.eyebrow': 'Luma na telefonu',
  'mobile.title': 'Koristite Lumu na telefonu',
  'mobile.intro': 'Luma radi u pregledaču na telefonu. Dodajte je na početni ekran i otvaraće se kao aplikacija: preko celog ekrana, sa sopstvenom ikonom.',
  'mobile.installTitle': 'Dodajte Lumu na početni ekran',
  'mobile.install': 'Instaliraj Lumu',
  'mobile.installed': 'Luma je instalirana na ovom uređaju.',
  'mobile.android.title': 'Android:',
  'mobile.android.steps': 'otvorite meni pregledača (⋮) i izaberite Instaliraj aplikaciju ili Dodaj na početni ekran.',
  'mobile.ios.title': 'iPhone i iPad:',
  'mobile.ios.steps': 'u Safariju dodirnite Deli, pa Dodaj na početni ekran.',
  'mobile.privacy': 'Instalirana aplikacija na uređaju čuva samo sopstvene datoteke. Vaši podaci uvek stižu sveži sa servera i ona ih nikad ne čuva.',
};
