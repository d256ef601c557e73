// The frame every control shares: label bound to the input (or a legend for a group), the read-only
// badge, the description, and the messages under the field.
import type { ReactNode } from 'react';
import type { ControlProps } from '../../registry/types';
import { FieldMessages } from './FieldMessages';
import { ReadOnlyBadge } from './ReadOnlyBadge';

interface FrameProps {
  props: ControlProps;
  children: ReactNode;
  /** Several inputs (radio, checkboxes, one per locale): a fieldset with a legend. */
  group?: boolean;
}

export function FieldFrame({ props, children, group }: FrameProps) {
  const { field, id, errors } = props;
  const heading = (
    <>
      <span>{field.label || field.key}</span>
      {field.options.required ? <span className="required-mark" aria-hidden="true"> *</span> : null}
      <ReadOnlyBadge field={field} />
    </>
  );
  const body = (
    <>
      {children}
      {field.description ? <small className="muted field-description">{field.description}</small> : null}
      <FieldMessages fieldKey={field.key} inputId={id} errors={errors} />
    </>
  );
  if (group) {
    return (
      <fieldset className="field record-field" data-field={field.key} aria-describedby={errors.length ? `${id}-errors` : undefined}>
        <legend className="field-label">{heading}</legend>
        {body}
      </fieldset>
    );
  }
  return (
    <div className="field record-field" data-field={field.key}>
      <label className="field-label" htmlFor={id} id={`${id}-label`}>
        {heading}
      </label>
      {body}
    </div>
  );
}

/** aria attributes for an input: invalid, described by its error list. */
export function inputAria(props: ControlProps): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return props.errors.length > 0 ? { 'aria-invalid': true, 'aria-describedby': `${props.id}-errors` } : {};
}
