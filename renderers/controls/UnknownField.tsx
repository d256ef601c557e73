// What dispatch renders when no renderer applies: visible, never a blank.
import { FormattedMessage } from 'react-intl';
import type { ControlProps } from '../registry/types';
import { FieldFrame } from './shared/FieldFrame';

export function UnknownField(props: ControlProps) {
  const { field, value, id } = props;
  return (
    <FieldFrame props={props}>
      <div className="callout callout-warning unknown-field" data-testid={`unknown-field-${field.key}`}>
        <FormattedMessage id="records.unknownField" values={{ renderer: <code>{`${field.module}/${field.type}`}</code> }} />
        <output id={id} className="muted unknown-value">
          {value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value)}
        </output>
      </div>
    </FieldFrame>
  );
}
