// en_US texts: The product, locales, common words, the shell and the start pages (landing, sign-in, not found, report error, dashboard, home).
export const shellEn_US = {
  // Product
  'app.name': 'Luma',
  'app.tagline': 'A low-code admin platform',

  // Locales and themes
  'locale.en_US': 'English',
  'locale.sr': 'Srpski',
  'common.language': 'Language',
  'theme.toggle': 'Toggle theme',
  'theme.dark': 'Dark theme',
  'theme.light': 'Light theme',

  // Common words
  'common.close': 'Close',
  'common.copy': 'Copy',
  'common.copied': 'Copied',
  'common.loading': 'Loading…',
  'common.signIn': 'Sign in',
  'common.signOut': 'Sign out',
  'common.yes': 'Yes',
  'common.no': 'No',
  'common.skipToContent': 'Skip to content',
  'common.openInNewTab': 'opens in a new tab',
  'common.backToDashboard': 'Back to the dashboard',
  'common.backHome': 'Go to the start page',
  'common.retry': 'Try again',
  'common.soon': 'soon',
  'common.new': 'new',

  // Shell
  'shell.breadcrumbs': 'Breadcrumbs',
  'shell.mainNavigation': 'Main navigation',
  'shell.userMenu': 'User menu',
  'shell.openNavigation': 'Open navigation',

  // Landing
  'landing.title': 'Build admin consoles from data components',
  'landing.intro':
    'Define components with fields, then list, create, edit, import and export their records, with workflows, functions, media libraries and integrations around them.',
  'landing.feature.components': 'Components: data models with fields, versions and presets',
  'landing.feature.workflows': 'Workflows and functions that react to record events',
  'landing.feature.media': 'Media libraries, integrations and billing',
  'landing.noProject.title': 'No project to open',
  'landing.noProject.body':
    'Your account has no project, no workspace role or no roles yet. Ask a project administrator to invite you, then sign in again.',
  'landing.openConsole': 'Open the console',

  // Login
  'login.title': 'Sign in to Luma',
  'login.subtitle': 'Use your e-mail address and password.',
  'login.email': 'E-mail',
  'login.password': 'Password',
  'login.submit': 'Sign in',
  'login.submitting': 'Signing in…',
  'login.forgot': 'Forgot your password?',
  'login.register': 'Create an account',

  // Not found, not available, server error
  'notFound.title': 'Page not found',
  'notFound.body': 'There is no page at {path}.',
  'serverError.title': 'It seems that we have a problem!',
  'serverError.body': 'The page you are looking for is temporarily unavailable',

  // Report-error modal
  'reportError.title': 'Report a problem',
  'reportError.intro':
    "The server could not complete the last request. Say what you were doing and send the report to your project's admins, or copy the request id.",
  'reportError.requestId': 'Request id',
  'reportError.noRequestId': 'No request id was returned.',
  'reportError.description': 'What were you doing?',
  'reportError.descriptionHint': 'Describe the steps that led to the error.',

  // Dashboard
  'dashboard.heading': 'Dashboard',
  'dashboard.you': 'Signed in as',
  'dashboard.name': 'Name',
  'dashboard.email': 'E-mail',
  'dashboard.admin': 'Administrator',
  'dashboard.project': 'Current project',
  'dashboard.workspaces': 'Workspaces',
  'dashboard.environments': 'Environments',
  'dashboard.noWorkspaces': 'This project has no workspaces.',
  'dashboard.environment': 'Environment',
  'dashboard.environmentHint': 'Requests are sent to the selected environment.',
  'dashboard.components': 'Components',
  'dashboard.componentsHint': 'Components you define will be listed here.',
  'dashboard.loadFailed': 'Could not load this section.',
  'developer.title': 'API reference',
  'developer.intro': 'Every call of every host, generated from the schemas the server validates with. The same document is served as OpenAPI 3.1 at {url}.',
  'developer.sdk': 'TypeScript types of the SDK',
  'developer.sdkNotYet': 'TypeScript types of the SDK (luma-sdk.d.ts): not available yet.',
  'developer.loading': 'Loading the API reference…',
  'developer.failed': 'The API reference could not be loaded.',
  'shell.env.dev': 'Dev',
  'shell.env.live': 'Live',
  'shell.environmentHint': 'The environment screens read and write: dev for building, live for use. Components show where their version is set.',
  'notFound.onlyIn': '{name} has no {current} version yet; it exists in {env}.',
  'notFound.switchTo': 'Switch to {env}',
  'env.dev': 'Development (dev)',
  'env.live': 'Live',

  // Home
  'home.heading': 'Home',
  'home.components': 'What you can open',
  'home.componentsEmpty': 'Nothing to open yet',
  'home.componentsEmptyHint': 'Apps and components with a version in this environment appear here once an administrator deploys them.',
  'tile.type.platform-app': 'Platform app',
  'tile.type.component': 'Component',
  'tile.type.forge-app': 'Forge app',
  'resources.title': "Resources",
  'resources.components': "Components",
  'resources.records': "Records",
  'resources.workflows': "Workflows",
  'resources.functions': "Global functions",
  'resources.sparks': "Sparks (used / limit)",
  'resources.widgets': "Widgets",
  'resources.apps': "Platform apps",
  'resources.publicApps': "Public apps (used / limit)",
  'resources.media': "Media (libraries · files · size)",
  'resources.users': "People",
  'resources.apiUsers': "API users",
} as const;
