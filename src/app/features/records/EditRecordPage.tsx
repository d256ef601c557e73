// /admin|home/component/$ref/edit/$uuid (and $scope/$name): the record edit screen; after a delete,
// back one page.
import { useRouter } from '@tanstack/react-router';
import { EditView, useEditController } from '../../../../renderers/screens';
import { useMenuComponent } from './useMenuComponent';
import { withRendererSet } from './withRendererSet';

function EditRecordPageView() {
  const router = useRouter();
  const { ref, uuid, title, basePath } = useMenuComponent();
  const ctl = useEditController({ ref, uuid, onDeleted: () => router.history.back() });
  return (
    <div className="page">
      <EditView ctl={ctl} title={title} back={{ href: basePath, open: () => void router.navigate({ href: basePath }) }} />
    </div>
  );
}

export const EditRecordPage = withRendererSet(EditRecordPageView);
