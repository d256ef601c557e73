// The sr catalogue as one object, in a module of its own so the browser loads it only for sr (load.ts).
import { accountSr } from './account.sr';
import { componentsSr } from './components.sr';
import { iamSr } from './iam.sr';
import { importSr } from './import.sr';
import type { Catalogue } from './index';
import { recordsSr } from './records.sr';
import { sr } from './sr';
import { workflowsSr } from './workflows.sr';
import { functionsSr } from './functions.sr';
import { actionsSr } from './actions.sr';

export const SR_CATALOGUE: Catalogue = { ...sr, ...componentsSr, ...recordsSr, ...importSr, ...iamSr, ...accountSr, ...workflowsSr, ...functionsSr, ...actionsSr };
