// The quick-edit sidebar with the app's renderer set (every control, the plugins' too). The list page
// loads it when a row is opened, so the list itself never loads the controls.
import { QuickEditSidebar } from '../../../../../renderers/screens/QuickEditSidebar';
import { withRendererSet } from '../withRendererSet';

export const QuickEditWithSet = withRendererSet(QuickEditSidebar);
