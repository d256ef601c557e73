// The name of a role, workspace, project or API user: one rule (at least IAM_LIMITS.nameMin characters,
// checked before the call as the server checks it) and one input.
import { FormattedMessage } from 'react-intl';
import { IAM_LIMITS } from '../../../../runtime/api/iam';
import { TextField } from '../../components/form/TextField';
import type { FieldRules } from '../../components/form/useFormPage';

export function nameRules(name: string): FieldRules {
  return Array.from(name.trim()).length < IAM_LIMITS.nameMin ? { name: ['cantBeLessThenChars'] } : {};
}

export function NameField({ value, onValue, testId, errors }: { value: string; onValue: (value: string) => void; testId: string; errors: readonly string[] | undefined }) {
  return (
    <TextField
      label={<FormattedMessage id="iam.name" />}
      name="name"
      autoComplete="off"
      required
      maxLength={IAM_LIMITS.nameMax}
      testId={testId}
      value={value}
      onValue={onValue}
      errors={errors}
      defaults={{ min: IAM_LIMITS.nameMin }}
    />
  );
}
