// text/editor: the rich text editor (slate); the value is HTML text (spec section 2, "Widget notes").
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import { RichEditor } from './rich/LazyRichEditor';

export function EditorControl(props: ControlProps) {
  const { field, value, onChange, id, readOnly } = props;
  return (
    <FieldFrame props={props}>
      <RichEditor
        id={id}
        name={field.key}
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        placeholder={field.options.placeholder}
        aria={{ 'aria-labelledby': `${id}-label`, ...inputAria(props) }}
      />
    </FieldFrame>
  );
}

export const editorControlTester = rankWith(RANK.exact, moduleTypeIs('text', 'editor'));
