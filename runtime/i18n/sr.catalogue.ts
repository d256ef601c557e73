// The sr catalogue as one object, in a module of its own so the browser loads it only for sr (load.ts).
import type { Catalogue } from './index';
import { sr } from './sr';
import { componentsSr } from './components.sr';
import { recordsSr } from './records.sr';
import { importSr } from './import.sr';
import { iamSr } from './iam.sr';
import { accountSr } from './account.sr';
import { workflowsSr } from './workflows.sr';
import { functionsSr } from './functions.sr';
import { codeSr } from './code.sr';
import { environmentSr } from './environment.sr';
import { sparksSr } from './sparks.sr';
import { actionsSr } from './actions.sr';
import { mediaSr } from './media.sr';
import { mediaWidgetsSr } from './mediaWidgets.sr';
import { integrationsSr } from './integrations.sr';
import { documentsSr } from './documents.sr';
import { appsSr } from './apps.sr';
import { publicAppsSr } from './publicApps.sr';
import { forgeSr } from './forge.sr';

import { eventBusSr } from './eventBus.sr';
import { eventsSr } from './events.sr';
import { scoutEventsSr } from './scoutEvents.sr';

import { scoutApiSr } from './scoutApi.sr';
import { feedbackSr } from './feedback.sr';
import { installAppSr } from './installApp.sr';
import { widgetsSr } from './widgets.sr';
import { satellitesSr } from './satellites.sr';
import { billingSr } from './billing.sr';
import { platformSr } from './platform.sr';
import { templatesSr } from './templates.sr';
import { ratchetSr } from './ratchet.sr';
import { thunderSr } from './thunder.sr';
import { tutorialsSr } from './tutorials.sr';

export const SR_CATALOGUE: Catalogue = {
  ...sr,
  ...componentsSr,
  ...recordsSr,
  ...importSr,
  ...iamSr,
  ...accountSr,
  ...workflowsSr,
  ...functionsSr,
  ...codeSr,
  ...environmentSr,
  ...sparksSr,
  ...actionsSr,
  ...mediaSr,
  ...mediaWidgetsSr,
  ...integrationsSr,
  ...documentsSr,
  ...appsSr,
  ...publicAppsSr,
  ...forgeSr,

  ...eventBusSr,
  ...eventsSr,
  ...scoutEventsSr,

  ...scoutApiSr,
  ...feedbackSr,
  ...installAppSr,
  ...widgetsSr,
  ...satellitesSr,
  ...billingSr,
  ...platformSr,
  ...templatesSr,
  ...ratchetSr,
  ...thunderSr,
  ...tutorialsSr,
};
