// Forge messages the server answers with and the forge screens' texts (docs/forge.md).
export const forgeEn_US = {
  forgeAppNotFound: 'This forge app does not exist.',
  forgeAppExists: 'A forge app with this name exists.',
  forgeReleaseNotFound: 'This release does not exist.',
  forgeNothingToRollBack: 'There is no earlier deployed release to roll back to.',
  forgeNotDeployed: 'This forge app has no live release yet.',
  forgeBundleNotZip: 'The bundle is not a readable zip file.',
  forgeBundleTooLarge: 'The bundle is too large (10 MiB zipped, 50 MiB unpacked, 10 MiB a file).',
  forgeBundleTooManyFiles: 'The bundle has too many files (at most 500).',
  forgeBundleUnsafePath: 'A file in the bundle has a path that is not allowed.',
  forgeBundleSymlink: 'The bundle may not contain symbolic links.',
  forgeBundleFileType: 'A file in the bundle is of a type that is not allowed (HTML, JS, CSS, JSON, images and fonts only).',
  forgeBundleNoIndex: 'The bundle needs an index.html at its root.',
  forgeBundleEmpty: 'The bundle has no files.',
} as const;

export type ForgeMessageKey = keyof typeof forgeEn_US;
