// Serbian (sr, Latin script) message catalogue, merged from one file per area like ../en_US/index.ts.
// Same keys as en_US: each part is typed by its en_US part, and a unit test checks the whole.
import type { Catalogue } from '../en_US';
import { shellSr } from './shell';
import { navigationSr } from './navigation';
import { serverMessagesSr } from './serverMessages';
import { componentScreensSr } from './componentScreens';
import { recordScreensSr } from './recordScreens';
import { fieldOptionsSr } from './fieldOptions';

export const sr: Catalogue = {
  ...shellSr,
  ...navigationSr,
  ...serverMessagesSr,
  ...componentScreensSr,
  ...recordScreensSr,
  ...fieldOptionsSr,
};
