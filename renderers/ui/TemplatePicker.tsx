// The template picker (spec section 2, "Template picker: value is component and template"; docs/forge.md
// "The template picker"): a component that has a template distribution, then one of its entrypoints.
// Its value is {component, template} or null ("None"). Choosing a component picks its first
// entrypoint; a value the choices do not hold (a distribution changed since) is kept and said so.
// Two native selects: keyboard and 390 px as any select; empty, it says no component has a template.
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pickComponent, templatePickerIssue, type TemplateSource } from '../../runtime/forge/templatePicker';
import type { TemplatePickerValue } from '../../schemas/templatePicker.schema';

export interface TemplatePickerProps {
  /** The form name of the value (`{name}.component`, `{name}.template`). */
  name: string;
  sources: readonly TemplateSource[];
  value: TemplatePickerValue | null;
  onChange: (value: TemplatePickerValue | null) => void;
  disabled?: boolean;
}

export function TemplatePicker({ name, sources, value, onChange, disabled }: TemplatePickerProps) {
  const intl = useIntl();
  const id = useId();
  const source = value ? sources.find((candidate) => candidate.component === value.component) : undefined;
  const issue = value ? templatePickerIssue(value, sources) : null;
  if (sources.length === 0 && !value) {
    return (
      <p className="muted" data-testid="template-picker-empty">
        <FormattedMessage id="templatePicker.none" />
      </p>
    );
  }
  return (
    <div className="row" data-testid="template-picker" role="group" aria-labelledby={`${id}-title`}>
      <span id={`${id}-title`} className="visually-hidden">
        <FormattedMessage id="templatePicker.title" />
      </span>
      <label className="field grow">
        <span className="field-label">
          <FormattedMessage id="templatePicker.component" />
        </span>
        <select name={`${name}.component`} value={value?.component ?? ''} disabled={disabled} onChange={(event) => onChange(event.target.value === '' ? null : pickComponent(event.target.value, sources))}>
          <option value="">{intl.formatMessage({ id: 'templatePicker.noTemplate' })}</option>
          {value && !source ? <option value={value.component}>{value.component}</option> : null}
          {sources.map((candidate) => (
            <option key={candidate.component} value={candidate.component}>
              {candidate.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field grow">
        <span className="field-label">
          <FormattedMessage id="templatePicker.template" />
        </span>
        <select name={`${name}.template`} value={value?.template ?? ''} disabled={disabled || !value} onChange={(event) => value && onChange({ component: value.component, template: event.target.value })}>
          {!value ? <option value="">—</option> : null}
          {value && !source?.templates.includes(value.template) ? <option value={value.template}>{value.template}</option> : null}
          {(source?.templates ?? []).map((template) => (
            <option key={template} value={template}>
              {template}
            </option>
          ))}
        </select>
      </label>
      {issue ? (
        <ul className="field-errors" role="alert" data-testid="template-picker-issue">
          <li>
            <FormattedMessage id={issue} />
          </li>
        </ul>
      ) : null}
    </div>
  );
}
