// Which sources a media widget's Source dropdown offers (spec section 6): a protected field hides
// the chooser; the library needs the luma-media integration active and the platform run mode (the
// library browser lives in the platform, not in a public app); the device needs the integration
// active (the upload goes to a library); an external URL needs nothing. Each source also has to be
// switched on by the field's custom_data (an unset switch counts as on, so a new field works).

export type MediaSource = 'library' | 'device' | 'external';

/** Where the form runs: inside the platform (admin and home), or a public app / portal. */
export type MediaRunMode = 'platform' | 'public';

export interface MediaEnvironment {
  integrationActive: boolean;
  runMode: MediaRunMode;
}

export interface MediaFieldFacts {
  renderer: string;
  protected: boolean;
  customData: Record<string, unknown>;
}

const on = (flag: unknown, unset: boolean) => (flag === undefined || flag === null ? unset : flag === true);

export function mediaSources(field: MediaFieldFacts, environment: MediaEnvironment): MediaSource[] {
  if (field.protected) return [];
  const data = field.customData;
  const sources: MediaSource[] = [];
  if (environment.integrationActive && environment.runMode === 'platform' && on(data.chooseFromLibrary, true)) sources.push('library');
  if (environment.integrationActive && on(data.chooseFromDevice, true)) sources.push('device');
  // The file widget's custom_data has no external switch (spec section 3): it is offered only when set.
  const externalByDefault = field.renderer !== 'input/file';
  if (on(data.chooseExternalSource, externalByDefault)) sources.push('external');
  return sources;
}
