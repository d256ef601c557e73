// Appearance: the list, create and edit entrypoints, and the component editor (new tab).
import { FormattedMessage, useIntl } from 'react-intl';
import { Section, TextInput, type TabProps } from './controls';

const ENTRYPOINTS = ['list_entrypoint', 'create_entrypoint', 'edit_entrypoint'] as const;

export function AppearanceTab({ model, update, errors }: TabProps) {
  const intl = useIntl();
  const editorHref = `/component/editor/${encodeURIComponent(model.uuid)}?v=${encodeURIComponent(model.settings.version)}`;
  return (
    <Section
      title={<FormattedMessage id="cmp.appearance.title" />}
      actions={
        <a className="button" href={editorHref} target="_blank" rel="noopener noreferrer" data-testid="open-editor" title={intl.formatMessage({ id: 'common.openInNewTab' })}>
          <FormattedMessage id="cmp.appearance.openEditor" />
        </a>
      }
    >
      <p className="muted">
        <FormattedMessage id="cmp.appearance.hint" />
      </p>
      {ENTRYPOINTS.map((key) => (
        <TextInput
          key={key}
          name={`appearance.${key}`}
          label={<FormattedMessage id={`cmp.appearance.${key}`} />}
          value={model.settings.appearance?.[key] ?? ''}
          placeholder="default"
          errors={errors[`appearance.${key}`]}
          onChange={(v) =>
            update((d) => {
              d.settings.appearance = { ...d.settings.appearance, [key]: v.trim() === '' ? null : v };
            })
          }
        />
      ))}
    </Section>
  );
}
