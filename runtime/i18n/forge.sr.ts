import type { ForgeMessageKey } from './forge.en_US';

export const forgeSr: Record<ForgeMessageKey, string> = {
  forgeAppNotFound: 'Ova forge aplikacija ne postoji.',
  forgeAppExists: 'Forge aplikacija sa ovim imenom postoji.',
  forgeReleaseNotFound: 'Ovo izdanje ne postoji.',
  forgeNothingToRollBack: 'Nema ranijeg objavljenog izdanja na koje bi se vratilo.',
  forgeNotDeployed: 'Ova forge aplikacija još nema objavljeno izdanje.',
  forgeBundleNotZip: 'Paket nije čitljiva zip datoteka.',
  forgeBundleTooLarge: 'Paket je prevelik (10 MiB zapakovan, 50 MiB raspakovan, 10 MiB po datoteci).',
  forgeBundleTooManyFiles: 'Paket ima previše datoteka (najviše 500).',
  forgeBundleUnsafePath: 'Datoteka u paketu ima putanju koja nije dozvoljena.',
  forgeBundleSymlink: 'Paket ne sme sadržati simboličke veze.',
  forgeBundleFileType: 'Datoteka u paketu je nedozvoljenog tipa (samo HTML, JS, CSS, JSON, slike i fontovi).',
  forgeBundleNoIndex: 'Paketu treba index.html u korenu.',
  forgeBundleEmpty: 'Paket nema datoteka.',
};
