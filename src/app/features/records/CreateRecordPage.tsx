// /admin|home/component/$ref/create (and $scope/$name): the create page; after a create, the new
// record's edit screen.
import { useRouter } from '@tanstack/react-router';
import { CreateView, useCreateController } from '../../../../renderers/screens';
import { useMenuComponent } from './useMenuComponent';
import { withRendererSet } from './withRendererSet';

export interface CreateRecordPageProps {
  /** Spec section 2 "Create page": optional id, modelUuid, entrypoint and model. */
  id?: string;
  modelUuid?: string;
  entrypoint?: string | null;
  model?: Record<string, unknown> | null;
}

function CreateRecordPageView({ entrypoint, model }: CreateRecordPageProps) {
  const router = useRouter();
  const { ref, title, basePath } = useMenuComponent();
  const ctl = useCreateController({
    ref,
    entrypoint,
    model,
    onCreated: (record) => void router.navigate({ href: `${basePath}/edit/${record.uuid}` }),
  });
  return (
    <div className="page">
      <CreateView ctl={ctl} title={title} back={{ href: basePath, open: () => void router.navigate({ href: basePath }) }} />
    </div>
  );
}

export const CreateRecordPage = withRendererSet(CreateRecordPageView);
