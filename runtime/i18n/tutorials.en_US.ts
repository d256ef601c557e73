// The tutorials' slides and modal (docs/tutorials.md) and the onboarding text pack (spec section 2:
// welcome, pause warning, finish, completed, congratulations, preferred-language choice; the pause
// texts are in integrations.*.ts with the rest of the required-onboarding card, and finish is each
// one's own button: integrations.finishOnboarding, apps.onboardingFinish).
export const tutorialsEn_US = {
  'tutorial.dialog': 'Tutorial: {name}',
  'tutorial.progress': '{n} / {total}',
  'tutorial.previous': 'Previous',
  'tutorial.next': 'Next',
  'tutorial.close': 'Close',
  'tutorial.skip': 'Skip',
  'tutorial.dontShow': "Don't show tutorials",
  'tutorial.seeMore': 'See more',
  'tutorial.back': 'Back to the tutorial',
  'tutorial.listTitle': 'Tutorials',
  'tutorial.listHint': 'Open any tutorial again, done or not.',
  'tutorial.done': 'Done',
  'tutorial.notDone': 'Not done yet',
  'tutorial.keys': 'Arrow keys move between slides, Escape closes.',
  'tutorial.saveFailed': 'Your tutorial progress could not be saved; the tutorial may show again.',
  'tutorial.profile.title': 'Tutorials',
  'tutorial.profile.fresh': 'Tutorials start by themselves on the screens they explain.',
  'tutorial.profile.hidden': 'You chose not to show tutorials: none starts by itself.',
  'tutorial.profile.showing': 'Tutorials start by themselves on the screens they explain; {done} of {total} done.',
  'tutorial.profile.clearDone': 'Also show the tutorials I have finished',
  'tutorial.profile.showAgain': 'Show tutorials again',
  'tutorial.profile.saving': 'Saving…',
  'tutorial.profile.nothingToDo': 'Tutorials already show. Tick the box above to see the finished ones again.',
  'tutorial.profile.shownAgain': 'Tutorials will start again on the screens they explain.',
  'tutorial.name.introduction': 'Introduction',
  'tutorial.name.templates': 'Templates',
  'tutorial.name.dashboard': 'The dashboard',
  'tutorial.name.dev': 'Dev and live',

  'tutorial.introduction.1.title': 'Welcome to Luma',
  'tutorial.introduction.1.text':
    'Luma is where you build the admin screens and the data behind them for your project. This short tour shows where things are. First, choose the language you prefer: you can change it later in the header.',
  'tutorial.introduction.2.title': 'Components hold your data',
  'tutorial.introduction.2.text':
    'A component is a table with its fields, list presets and rules. Open Components in the sidebar to add one; each gets a list, a create and an edit screen of its own, under the sidebar entry it is given.',
  'tutorial.introduction.3.title': 'Automate what happens to records',
  'tutorial.introduction.3.text':
    'Workflows react to records being created, updated or deleted; functions and sparks run your own code. Scout shows the events, the API calls and the workflow runs, so you can see what happened and why.',
  'tutorial.introduction.4.title': 'People and settings',
  'tutorial.introduction.4.text':
    'Under Manage, administrators invite users, give them roles and add integrations. See more, below, lists the other tutorials: templates, the dashboard, and dev and live.',

  'tutorial.templates.1.title': 'Start from a template',
  'tutorial.templates.1.text':
    'A template is a starter kit for a workspace: components with fields and presets, a workflow, a dashboard widget, an app and a few sample records.',
  'tutorial.templates.2.title': 'Look before you install',
  'tutorial.templates.2.text':
    'Open a template to see what it contains, then install it into a workspace. It is installed in one step, or not at all if something of the same name already exists.',
  'tutorial.templates.3.title': 'One per workspace',
  'tutorial.templates.3.text':
    'Each workspace holds one template. Uninstalling removes what the template created, with its records, and nothing else.',

  'tutorial.dashboard.1.title': 'Your dashboard',
  'tutorial.dashboard.1.text':
    "The dashboard shows the project's components, what still needs setting up (required onboarding), and for administrators, the resources the project uses against its limits.",
  'tutorial.dashboard.2.title': 'Widgets',
  'tutorial.dashboard.2.text':
    "A widget is a saved view of one component's records: a number, a table or a chart over a filter, refreshed on its own. Create widgets under Apps, then Widgets.",
  'tutorial.dashboard.3.title': 'Place them',
  'tutorial.dashboard.3.text':
    'Administrators choose which widgets the dashboard and the home page show, and in which order, with Choose widgets. Everyone sees the data their roles allow.',

  'tutorial.dev.1.title': 'Dev and live',
  'tutorial.dev.1.text':
    'Every workspace has two environments. Live is what your users work with; dev is where you try changes first. The pill in the header shows which one you are in and switches it.',
  'tutorial.dev.2.title': 'Versions',
  'tutorial.dev.2.text':
    "A component has versions. Fork one to change it, deploy it to dev to try it, then deploy it to live. The live version's fields cannot be edited, so nothing changes under your users by accident.",
  'tutorial.dev.3.title': 'Same for apps and workflows',
  'tutorial.dev.3.text':
    'Apps and workflows have a dev and a live version too. A component or app shows in an environment only once that environment has a version of it.',
  'tutorial.dev.4.title': 'Developer tools',
  'tutorial.dev.4.text':
    'Settings, then Developer, has the API reference of every call and the TypeScript types of the SDK. Scout logs the API calls and workflow runs, so you can follow a request from start to end.',

  'onboarding.welcome': 'Welcome! A few things in this project are installed but not set up yet.',
  'onboarding.preferredLanguage': 'Preferred language',
  'onboarding.completed': 'Onboarding completed',
  'onboarding.congratulations': 'Congratulations: everything installed in this project is set up.',
  'onboarding.dismiss': 'Dismiss',
} as const;

export type TutorialsMessageKey = keyof typeof tutorialsEn_US;
