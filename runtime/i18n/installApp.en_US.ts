// The installable app (docs/platform.md "Installable app"): the install prompt on /admin pages and /mobile.
export const installAppEn_US = {
  'install.title': 'Install Luma',
  'install.body': 'Add Luma to this device: it opens in its own window, with its own icon, and starts faster.',
  'install.install': 'Install',
  'install.notNow': 'Not now',
  'mobile.eyebrow': 'Luma on your phone',
  'mobile.title': 'Use Luma on your phone',
  'mobile.intro': "Luma works in your phone's browser. Add it to your home screen and it opens like an app: full screen, with its own icon.",
  'mobile.installTitle': 'Add Luma to your home screen',
  'mobile.install': 'Install Luma',
  'mobile.installed': 'Luma is installed on this device.',
  'mobile.android.title': 'Android:',
  'mobile.android.steps': "open the browser's menu (⋮) and choose Install app or Add to Home screen.",
  'mobile.ios.title': 'iPhone and iPad:',
  'mobile.ios.steps': 'in Safari, tap Share, then Add to Home Screen.',
  'mobile.privacy': 'The installed app keeps only its own files on the device. Your data always comes fresh from the server and is never stored by it.',
} as const;

export type InstallAppMessageKey = keyof typeof installAppEn_US;
