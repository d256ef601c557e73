// text/document: the paged rich text variant. Margins in px (custom_data or constraints margin,
// default 10) and Add page; the first page is flagged firstPage, later pages break before; deleting
// an emptied page recalculates the pages (spec sections 2 and 4). The value is HTML text.
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import { pageMargin } from './rich/constants';
import { RichEditor } from './rich/LazyRichEditor';

export function DocumentControl(props: ControlProps) {
  const { field, value, onChange, id, readOnly } = props;
  const margin = pageMargin(field.options.customData.margin);
  return (
    <FieldFrame props={props}>
      <RichEditor
        id={id}
        name={field.key}
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        paged
        margin={margin}
        placeholder={field.options.placeholder}
        aria={{ 'aria-labelledby': `${id}-label`, ...inputAria(props) }}
      />
    </FieldFrame>
  );
}

export const documentControlTester = rankWith(RANK.exact, moduleTypeIs('text', 'document'));
