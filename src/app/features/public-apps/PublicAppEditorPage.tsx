// /public-app/editor/:id: the platform app's page editor (apps/AppEditorPage.tsx) on a public app's
// dev version, its way back leading to the public app's settings. Widget blocks are not served on a
// public hostname (docs/public-apps.md); component blocks show the fields the app may use.
import { AppEditor } from '../apps/AppEditorPage';
import { DevVersionScreen } from '../apps/DevVersionScreen';
import { publicAppHref } from './parts';

export function PublicAppEditorPage() {
  return <DevVersionScreen>{(app) => <AppEditor app={app} back={{ href: publicAppHref(app.uuid), label: 'publicApps.settings' }} preview={false} />}</DevVersionScreen>;
}
