// English texts of the account screens (src/app/features/account): sign-in code, registration, forgotten
// password, reset, invitations, the no-project message and the profile. The message keys the calls answer
// with (runtime/api/iam.ts IAM_MESSAGE) are in the main catalogue and are not repeated.
export const accountEn_US = {
  // Server message key of the profile's password confirmation (src/server/auth/profile-rules.ts)
  password_not_match: 'The passwords do not match.',

  // Shared
  'account.name': 'Full name',
  'account.email': 'E-mail',
  'account.password': 'Password',
  'account.newPassword': 'New password',
  'account.passwordConfirmation': 'Repeat the password',
  'account.passwordHint': 'At least {min} characters.',
  'account.backToSignIn': 'Back to sign in',
  'account.optional': '(optional)',
  'account.ok': 'OK',

  // Two-factor sign-in step
  'account.twoFactor.title': 'Enter your code',
  'account.twoFactor.intro': 'Open your authenticator app and enter the 6-digit code it shows for Luma.',
  'account.twoFactor.code': 'Authentication code',
  'account.twoFactor.codeFormat': 'Enter the 6 digits of the code.',
  'account.twoFactor.remember': "Remember this device for {days} days (don't ask for a code here)",
  'account.twoFactor.submit': 'Verify',
  'account.twoFactor.submitting': 'Verifying…',
  'account.twoFactor.signInAgain': 'Go to the sign-in page',

  // Registration
  'account.register.title': 'Create your account',
  'account.register.intro': 'After signing up you can create a project, or join one you are invited to.',
  'account.register.submit': 'Create account',
  'account.register.submitting': 'Creating account…',
  'account.register.haveAccount': 'Already have an account?',

  // Forgotten password
  'account.forgot.title': 'Reset your password',
  'account.forgot.intro': "Enter the e-mail address of your account and we'll send you a link to choose a new password.",
  'account.forgot.submit': 'Send reset link',
  'account.forgot.submitting': 'Sending…',
  'account.forgot.sent': 'If an account exists for {email}, we have sent it a link to reset the password. The link works for {minutes} minutes.',
  'account.forgot.sentHint': "Didn't get it? Check your spam folder, or make sure you typed the address you signed up with.",
  'account.forgot.again': 'Use another address',

  // Reset
  'account.reset.title': 'Choose a new password',
  'account.reset.intro': 'Your new password replaces the old one, and you will be signed out everywhere.',
  'account.reset.submit': 'Save new password',
  'account.reset.submitting': 'Saving…',
  'account.reset.done': 'Your password has been changed. Sign in with your new password.',
  'account.reset.requestNew': 'Request a new link',

  // Invitations
  'account.invite.title': 'Join a project',
  'account.invite.intro': 'You have been invited to join {project}.',
  'account.invite.forEmail': 'Invitation for {email}',
  'account.invite.invalidHint': 'Ask the person who invited you to send a new invitation.',
  'account.invite.signInFirst': 'You already have an account. Sign in as {email} to accept the invitation.',
  'account.invite.signIn': 'Sign in to accept',
  'account.invite.acceptHint': 'Accepting adds the project to your account.',
  'account.invite.createHint': 'Create your account to join: choose your name and a password.',
  'account.invite.accept': 'Accept invitation',
  'account.invite.createAndAccept': 'Create account and join',
  'account.invite.accepting': 'Joining…',
  'account.invite.switchAccount': 'Sign out and use another account',

  // No project (/?force=true)
  'account.noProject.title': "You're not in a project yet",
  'account.noProject.body':
    'Everything in Luma lives in a project: its components, workflows, media and members. Create your own project now and you will be its owner and administrator.',
  'account.noRoles.title': 'You have no role in this project yet',
  'account.noRoles.body':
    'You are a member of a project but no role has been given to you, so there is nothing you can open yet. Ask a project administrator for a role, or create a project of your own.',
  'account.noWorkspaceRole.title': 'You have no role in this workspace',
  'account.noWorkspaceRole.body':
    'You are a member of this project with a role in another of its workspaces, but none in the workspace you are in now, so nothing here is open to you. Ask a project administrator to give you a role in this workspace.',
  'account.noProject.name': 'Project name',
  'account.noProject.defaultName': 'My project',
  'account.noProject.create': 'Create a project',
  'account.noProject.creating': 'Creating project…',
  'account.noProject.invites':
    "To join someone else's project instead, ask one of its administrators to invite your e-mail address: the invitation e-mail has a link that adds you to the project.",
  'account.noProject.otherAccount': 'Sign out and use another account',

  // Profile
  'account.profile.title': 'Your profile',
  'account.profile.intro': 'Your details, password, two-factor authentication and signed-in devices.',
  'account.profile.details': 'Details',
  'account.profile.timezone': 'Time zone',
  'account.profile.passwordSection': 'Change password',
  'account.profile.passwordIntro': 'Leave these empty to keep your current password.',
  'account.profile.endOthers': 'Sign out my other sessions',
  'account.profile.save': 'Save profile',
  'account.profile.saving': 'Saving…',
  'account.profile.saved': 'Profile saved.',
  'account.profile.savedEndedOthers': 'Profile saved. Your other sessions were signed out.',
  'account.profile.passwordMismatch': 'The new password and its repetition must be the same, with at least {min} characters.',

  // Billing address (spec section 5 "Billing form")
  'account.billing.title': 'Billing address',
  'account.billing.intro': 'Used on invoices. Leave it empty if you do not need one.',
  'account.billing.type': 'Billing as',
  'account.billing.type.person': 'Person',
  'account.billing.type.company': 'Company',
  'account.billing.country': 'Country',
  'account.billing.firstname': 'First name',
  'account.billing.lastname': 'Last name',
  'account.billing.company': 'Company name',
  'account.billing.vat_number': 'VAT number',
  'account.billing.main_number': 'Company registration number',
  'account.billing.address': 'Address',
  'account.billing.city': 'City',
  'account.billing.zipcode': 'Zip code',
  'account.billing.state': 'State or region',
  'account.billing.email': 'Billing e-mail',

  // Two-factor enrolment
  'account.twoFactor.section': 'Two-factor authentication',
  'account.twoFactor.on': 'On',
  'account.twoFactor.off': 'Off',
  'account.twoFactor.onHint': 'Signing in asks for a code from your authenticator app.',
  'account.twoFactor.offHint': 'Add a second step to signing in: a code from an authenticator app on your phone.',
  'account.twoFactor.enable': 'Turn on',
  'account.twoFactor.preparing': 'Preparing…',
  'account.twoFactor.disable': 'Turn off',
  'account.twoFactor.disableIntro': 'Enter a current code from your authenticator app to turn two-factor authentication off.',
  'account.twoFactor.scan': 'Scan this QR code with your authenticator app (for example Google Authenticator, 1Password or Authy).',
  'account.twoFactor.qrAlt': 'QR code to add Luma to your authenticator app',
  'account.twoFactor.typeKey': "Can't scan it? Type this key into the app instead:",
  'account.twoFactor.enterCode': 'Enter the 6-digit code the app now shows, to confirm it works.',
  'account.twoFactor.confirmEnable': 'Confirm and turn on',
  'account.twoFactor.confirmDisable': 'Turn off',
  'account.twoFactor.checking': 'Checking…',
  'account.twoFactor.turnedOn': 'Two-factor authentication is on.',
  'account.twoFactor.turnedOff': 'Two-factor authentication is off.',

  // Sessions
  'account.sessions.section': 'Signed-in devices',
  'account.sessions.intro': 'Each row is a browser or device signed in to your account. End any you do not recognise.',
  'account.sessions.device': 'Device',
  'account.sessions.ip': 'IP address',
  'account.sessions.created': 'Signed in',
  'account.sessions.lastSeen': 'Last active',
  'account.sessions.actions': 'Actions',
  'account.sessions.browserOn': '{browser} on {system}',
  'account.sessions.unknownDevice': 'Unknown device',
  'account.sessions.thisDevice': 'This device',
  'account.sessions.end': 'End',
  'account.sessions.ending': 'Ending…',
  'account.sessions.signOutHere': 'Sign out here',
  'account.sessions.endOthers': 'End all other sessions',
  'account.sessions.ended': 'Session ended.',
  'account.sessions.endedOthers': '{count, plural, =0 {No other sessions were open.} one {# other session ended.} other {# other sessions ended.}}',
  'account.sessions.confirmOthersTitle': 'End all other sessions?',
  'account.sessions.confirmOthersBody':
    '{count, plural, one {The other device will be signed out.} other {The # other devices will be signed out.}} This device stays signed in.',
  'account.sessions.confirmCurrentTitle': 'Sign out of this device?',
  'account.sessions.confirmCurrentBody': 'This ends the session you are using now, and you will go to the sign-in page.',
} as const;

export type AccountMessageKey = keyof typeof accountEn_US;
