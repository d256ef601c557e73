// General: identity, labels, tag and scope, sort, switches (with their rules), workspaces, dates,
// and the component and version actions.
import { FormattedDate, FormattedMessage, FormattedTime } from 'react-intl';
import { checkSwitches, COMPONENT_MESSAGE, sanitizeScope, sanitizeTag } from '../../../../../runtime/components';
import { Message } from '../../../../../renderers/ui/Message';
import { WorkspacesPicker } from '../../../components/form/WorkspacesPicker';
import { ComponentActions } from './ComponentActions';
import { SavedAs } from '../formParts';
import { Checkbox, LabelInputs, NumberInput, Section, TextInput, type TabProps } from './controls';
import type { SettingsController } from './useSettingsController';
import { VersionActions } from './VersionActions';
import { CompareVersions } from './VersionDiffView';
import { VersionList } from './VersionList';

function When({ value }: { value: string | undefined }) {
  if (!value) return <>—</>;
  const date = new Date(value);
  return (
    <>
      <FormattedDate value={date} /> <FormattedTime value={date} />
    </>
  );
}

function Workspaces({ model, update }: TabProps) {
  return (
    <WorkspacesPicker
      testId="workspaces-select"
      chosen={new Set(model.workspaces.map((w) => w.uuid))}
      onToggle={(ws, checked) =>
        update((d) => {
          d.workspaces = checked ? [...d.workspaces.filter((w) => w.uuid !== ws.uuid), ws] : d.workspaces.filter((w) => w.uuid !== ws.uuid);
        })
      }
    />
  );
}

interface IdentityProps extends TabProps {
  /** Label, tag and scope stay as they are while other components depend on this one. */
  blocked: boolean;
}

/** Tag or scope: typed freely, saved sanitised; while the two differ the hint says what is saved. */
function SanitisedInput({ name, sanitize, model, update, errors, blocked }: IdentityProps & { name: 'tag' | 'scope'; sanitize: (v: string) => string }) {
  const value = model[name] ?? '';
  return (
    <TextInput
      label={<FormattedMessage id={`cmp.${name}`} />}
      name={name}
      value={value}
      disabled={blocked}
      errors={errors[name]}
      hint={value && sanitize(value) !== value ? <SavedAs value={sanitize(value)} /> : undefined}
      onChange={(v) => update((d) => void (d[name] = v === '' ? null : v))}
    />
  );
}

/** Why label, tag and scope are read-only, said once, with who depends on the component. */
function DependencyNote({ model }: Pick<TabProps, 'model'>) {
  return (
    <p className="muted form-note" role="note" data-testid="dependency-note">
      <Message value={COMPONENT_MESSAGE.componentRemovalBlockedByDependency} />{' '}
      <FormattedMessage id="cmp.general.dependants" values={{ names: model.dependencies.map((d) => d.name).join(', ') }} />
    </p>
  );
}

/** uuid and name (read-only), icon, sort, the labels, tag and scope. */
export function Identity(props: IdentityProps) {
  const { model, update, errors, blocked } = props;
  return (
    <>
      {blocked ? <DependencyNote model={model} /> : null}
      <div className="form-grid">
        <TextInput label="uuid" name="uuid" value={model.uuid} readOnly />
        <TextInput label={<FormattedMessage id="cmp.name" />} name="name" value={model.name} readOnly />
        <TextInput
          label={<FormattedMessage id="cmp.general.icon" />}
          name="icon"
          value={model.icon ?? ''}
          errors={errors.icon ?? errors['appearance.icon']}
          onChange={(v) =>
            update((d) => {
              const icon = v.trim() === '' ? null : v;
              d.icon = icon;
              d.settings.appearance = { ...d.settings.appearance, icon };
            })
          }
        />
        <NumberInput
          label={<FormattedMessage id="cmp.general.sort" />}
          name="sort"
          value={model.sort}
          errors={errors.sort}
          onChange={(v) => update((d) => void (d.sort = v ?? 0))}
        />
        <LabelInputs name="label" value={model.label} disabled={blocked} errors={errors} onChange={(locale, v) => update((d) => void (d.label = { ...d.label, [locale]: v }))} />
        <SanitisedInput {...props} name="tag" sanitize={sanitizeTag} />
        <SanitisedInput {...props} name="scope" sanitize={sanitizeScope} />
      </div>
    </>
  );
}

/** Active and public, with their rules: a switch that is off shows why it cannot be turned on; one that is on can always be turned off. */
function Switches({ model, update, errors }: TabProps) {
  const switchErrors = (field: string, switches: { is_active: boolean; is_public: boolean }) =>
    checkSwitches(switches, model.settings).find((e) => e.field === field)?.messages;
  const activeRefused = model.is_active ? undefined : switchErrors('is_active', { is_active: true, is_public: false });
  const publicRefused = model.is_public ? undefined : switchErrors('is_public', { is_active: model.is_active, is_public: true });
  const current = checkSwitches({ is_active: model.is_active, is_public: model.is_public }, model.settings);
  return (
    <>
      <Checkbox
        name="is_active"
        label={<FormattedMessage id="cmp.active" />}
        checked={model.is_active}
        disabled={Boolean(activeRefused)}
        hint={activeRefused ? <Message value={activeRefused[0]!} /> : <FormattedMessage id="cmp.general.activeHint" />}
        errors={model.is_active ? current.find((e) => e.field === 'is_active')?.messages ?? errors.is_active : errors.is_active}
        onChange={(v) =>
          update((d) => {
            d.is_active = v;
            // Public only when also active: turning active off turns public off with it.
            if (!v) d.is_public = false;
          })
        }
      />
      <Checkbox
        name="is_public"
        label={<FormattedMessage id="cmp.public" />}
        checked={model.is_public}
        disabled={Boolean(publicRefused)}
        hint={publicRefused ? <Message value={publicRefused[0]!} /> : <FormattedMessage id="cmp.general.publicHint" />}
        errors={errors.is_public}
        onChange={(v) => update((d) => void (d.is_public = v))}
      />
    </>
  );
}

export function GeneralTab(props: TabProps & { ctl: SettingsController }) {
  const { model, ctl } = props;
  const blocked = model.dependencies.length > 0;
  return (
    <div className="stack">
      <Section title={<FormattedMessage id="cmp.general.title" />}>
        <Identity {...props} blocked={blocked} />
        <Switches {...props} />
        <Workspaces {...props} />
        <dl className="details">
          <dt>
            <FormattedMessage id="cmp.general.created" />
          </dt>
          <dd>
            <When value={model.CreatedAt} />
          </dd>
          <dt>
            <FormattedMessage id="cmp.general.updated" />
          </dt>
          <dd>
            <When value={model.UpdatedAt} />
          </dd>
        </dl>
      </Section>
      <VersionActions ctl={ctl} />
      <VersionList ctl={ctl} />
      <CompareVersions componentRef={ctl.loaded!.ref} versions={ctl.loaded!.versions} current={ctl.version!} />
      <ComponentActions ctl={ctl} blocked={blocked} />
    </div>
  );
}
