// What both template screens show: a template's icon, and the install and uninstall actions with
// their confirmation (uninstall is destructive: it removes the template's records too).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { templatesApi, type TemplateSummary } from '../../../../runtime/client/templates';
import { Handshake, LayoutTemplate, LifeBuoy, Package } from '../../../../renderers/ui/icons';
import { showToast } from '../../../../renderers/ui/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { failureSummary } from '../../components/form/failure';
import { afterTemplateChange } from './data';

const ICONS: Record<string, typeof Package> = { handshake: Handshake, package: Package, 'life-buoy': LifeBuoy };

export function TemplateIcon({ icon }: { icon: string }) {
  const Icon = ICONS[icon] ?? LayoutTemplate;
  return (
    <span className="template-icon" aria-hidden="true">
      <Icon />
    </span>
  );
}

type Change = 'install' | 'uninstall';

/** A button that asks first, then installs or uninstalls `template` in `workspace`. */
export function TemplateAction({ template, workspace, change, testId, onDone }: { template: TemplateSummary; workspace: { uuid: string; name: string } | null; change: Change; testId: string; onDone?: () => void }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const run = useMutation({
    mutationFn: () => (change === 'install' ? templatesApi.install(template.id, workspace!.uuid) : templatesApi.uninstall(template.id, workspace!.uuid)),
    onSuccess: async () => {
      setOpen(false);
      showToast(change === 'install' ? 'templates.installed' : 'templates.uninstalled', 'success', undefined, { name: template.name });
      await afterTemplateChange(client);
      onDone?.();
    },
  });
  const values = { name: template.name, workspace: workspace?.name ?? '' };
  return (
    <>
      <button
        type="button"
        className={change === 'install' ? 'button button-primary' : 'button danger'}
        data-testid={testId}
        disabled={!workspace}
        onClick={() => {
          run.reset();
          setOpen(true);
        }}
      >
        <FormattedMessage id={change === 'install' ? 'templates.install' : 'templates.uninstall'} />
      </button>
      <ConfirmDialog
        open={open}
        title={<FormattedMessage id={change === 'install' ? 'templates.installTitle' : 'templates.uninstallTitle'} values={values} />}
        confirmLabel={<FormattedMessage id={change === 'install' ? 'templates.install' : 'templates.uninstall'} />}
        onConfirm={() => run.mutate()}
        onClose={() => setOpen(false)}
        pending={run.isPending}
        failure={run.isError ? (failureSummary(run.error) ?? 'templateInstallFailed') : null}
      >
        <p>
          <FormattedMessage id={change === 'install' ? 'templates.installBody' : 'templates.uninstallBody'} values={values} />
        </p>
      </ConfirmDialog>
    </>
  );
}
