// JSON in a text area: the stored value is the parsed JSON; text that does not parse stays in the
// editor with the parse error under it (and blocks the save) while the value keeps its last good JSON.
import { useState } from 'react';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';

export function jsonText(value: unknown): string {
  return value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
}

export function JsonControl(props: ControlProps) {
  const { field, value, onChange, id, readOnly, setLocalError } = props;
  const [draft, setDraft] = useState<{ text: string; for: unknown } | null>(null);
  // The typed text wins while it belongs to the current value; a value set from outside replaces it.
  const text = draft && draft.for === value ? draft.text : jsonText(value);
  return (
    <FieldFrame props={props}>
      <textarea
        id={id}
        name={field.key}
        className="code-textarea"
        rows={6}
        spellCheck={false}
        value={text}
        readOnly={readOnly}
        {...inputAria(props)}
        onChange={(e) => {
          const next = e.target.value;
          if (next.trim() === '') {
            setDraft({ text: next, for: null });
            setLocalError(null);
            onChange(null);
            return;
          }
          try {
            const parsed: unknown = JSON.parse(next);
            setDraft({ text: next, for: parsed });
            setLocalError(null);
            onChange(parsed);
          } catch (error) {
            setDraft({ text: next, for: value });
            setLocalError({ key: 'records.invalidJson', values: { message: (error as Error).message } });
          }
        }}
      />
    </FieldFrame>
  );
}

export const jsonControlTester = rankWith(RANK.exact, moduleTypeIs('data', 'json'));
