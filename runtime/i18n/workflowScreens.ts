// The workflow screens' catalogues by locale, merged over the main one by those screens only.
import type { Locale } from './tags';
import { workflowScreensEn_US } from './workflowScreens.en_US';
import { workflowScreensSr } from './workflowScreens.sr';

export const WORKFLOW_SCREEN_CATALOGUES: Record<Locale, Record<string, string>> = {
  en_US: workflowScreensEn_US,
  sr: workflowScreensSr,
};
