// text/document: the paged rich text variant. Margins in px (custom_data or constraints margin,
// default 10) and Add page; the first page is flagged firstPage, later pages break before; deleting
// an emptied page recalculates the pages (spec sections 2 and 4). The value is HTML text.
import { useIntl } from 'react-intl';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import { addPage } from './rich/commands';
import { pageMargin } from './rich/constants';
import { RichEditor } from './rich/RichEditor';

export function DocumentControl(props: ControlProps) {
  const intl = useIntl();
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
        aria={inputAria(props)}
        toolbarExtra={(editor) => (
          <button
            type="button"
            className="rich-button rich-add-page"
            data-testid="document-add-page"
            disabled={readOnly}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => addPage(editor, margin)}
          >
            {intl.formatMessage({ id: 'rich.addPage' })}
          </button>
        )}
      />
    </FieldFrame>
  );
}

export const documentControlTester = rankWith(RANK.exact, moduleTypeIs('text', 'document'));
