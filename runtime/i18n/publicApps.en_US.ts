// Public app messages the server answers with and the public app screens' texts (docs/public-apps.md).
export const publicAppsEn_US = {
  maximumPublicAppsReached: 'Maximum public apps reached: this project cannot have more public apps.',
  hostnameAlreadyExists: 'This hostname already exists.',
  publicAppHostnameRule: 'A hostname such as shop.example.com: letters, digits and hyphens in dot-separated parts, without a port or the stage. prefix.',
  publicAppHostnameRequired: 'At least one hostname is needed.',
  fieldNotPublic: 'This field is not readable by this public app.',
  portalSignInRequired: 'Sign in to use this portal.',
  publicAppNotPortal: 'This app has no visitor accounts.',
  portalEmailExists: 'An account with this e-mail exists.',
  'publicApps.title': 'Public apps',
  'publicApps.intro': 'Apps served without a session on their own hostnames. They read and write only fields whose read sources allow public-app, with the rights of the API user they run as. stage. before a hostname serves the dev version.',
  'publicApps.new': 'New public app',
  'publicApps.empty': 'No public apps yet.',
  'publicApps.hostnames': 'Hostnames',
  'publicApps.hostnamesHint': 'One a line, such as shop.example.com. stage.shop.example.com serves the dev version.',
  'publicApps.hostname': 'Hostname',
  'publicApps.apiUser': 'Runs as API user',
  'publicApps.noApiUser': 'None (the app can read and write nothing)',
  'publicApps.portal': 'Portal: visitors sign up and sign in with their own accounts',
  'publicApps.portalShort': 'Portal',
  'publicApps.settings': 'Settings',
  'publicApps.open': 'Open',
  'publicApps.openStage': 'Open stage',
  'publicApps.removeConfirm': 'Remove this public app with all its versions? Its hostnames stop serving it at once.',
  'publicApps.noApiUserWarning': 'Without an API user the app answers every call with a refusal.',
} as const;

export type PublicAppsMessageKey = keyof typeof publicAppsEn_US;
