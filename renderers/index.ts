// The built-in renderers: a plain array of { tester, renderer } entries, built without side effects.
// A project adds its own by concatenation: [...defaultRenderers, { tester, renderer }] (docs/custom-renderers.md).
// Eager, unlike plugins' lazy entries: only the record form pages import this set (the list's cells and
// its quick edit are apart), and one chunk of every control measured 24 KB gzip lighter on the edit page
// of a component with every field type than a lazyControl per control (437.7 against 461.7 KB,
// docs/benchmarks.md "Light first load").
import type { RendererEntry } from './registry/types';
import { checkboxBoolControlTester, CheckboxBoolControl } from './controls/checkbox/Bool';
import { checkboxNumberControlTester, CheckboxNumberControl } from './controls/checkbox/Number';
import { checkboxTextControlTester, CheckboxTextControl } from './controls/checkbox/Text';
import { jsonControlTester, JsonControl } from './controls/data/Json';
import { emailControlTester, EmailControl } from './controls/input/Email';
import { numberControlTester, NumberControl } from './controls/input/Number';
import { passwordControlTester, PasswordControl } from './controls/input/Password';
import { textControlTester, TextControl } from './controls/input/Text';
import { textI18nControlTester, TextI18nControl } from './controls/input/TextI18n';
import { dateControlTester, DateControl } from './controls/picker/Date';
import { timeControlTester, TimeControl } from './controls/picker/Time';
import { dateTimeControlTester, DateTimeControl } from './controls/picker/DateTime';
import { dateRangeControlTester, DateRangeControl } from './controls/picker/DateRange';
import { radioNumberControlTester, RadioNumberControl } from './controls/radio/Number';
import { radioTextControlTester, RadioTextControl } from './controls/radio/Text';
import { referenceTextControlTester, ReferenceTextControl } from './controls/reference/Text';
import { selectNumberControlTester, SelectNumberControl } from './controls/select/Number';
import { selectTextControlTester, SelectTextControl } from './controls/select/Text';
import { relationSelectControlTester, RelationSelectControl } from './controls/select/Relation';
import { imageSelectControlTester, ImageSelectControl } from './controls/select/Image';
import { externalSelectControlTester, ExternalSelectControl } from './controls/select/External';
import { textAreaControlTester, TextAreaControl } from './controls/text/Default';
import { tableControlTester, TableControl } from './controls/table/Default';
import { tableCustomControlTester, TableCustomControl } from './controls/table/Custom';
import { fieldsetControlTester, FieldsetControl } from './controls/fieldset/Default';
import { documentControlTester, DocumentControl } from './controls/text/Document';
import { editorControlTester, EditorControl } from './controls/text/Editor';
import { editorI18nControlTester, EditorI18nControl } from './controls/text/EditorI18n';
import { imageControlTester, ImageControl } from './controls/input/Image';
import { fileControlTester, FileControl } from './controls/input/File';
import { carouselControlTester, CarouselControl } from './controls/image/Carousel';

export const defaultRenderers: readonly RendererEntry[] = [
  { name: 'input/text', tester: textControlTester, renderer: TextControl },
  { name: 'input/email', tester: emailControlTester, renderer: EmailControl },
  { name: 'input/text_i18n', tester: textI18nControlTester, renderer: TextI18nControl },
  { name: 'input/password', tester: passwordControlTester, renderer: PasswordControl },
  { name: 'input/number', tester: numberControlTester, renderer: NumberControl },
  { name: 'input/image, input/imagev2', tester: imageControlTester, renderer: ImageControl },
  { name: 'input/file', tester: fileControlTester, renderer: FileControl },
  { name: 'image/carousel', tester: carouselControlTester, renderer: CarouselControl },
  { name: 'text/default', tester: textAreaControlTester, renderer: TextAreaControl },
  { name: 'text/editor', tester: editorControlTester, renderer: EditorControl },
  { name: 'text/editor_i18n', tester: editorI18nControlTester, renderer: EditorI18nControl },
  { name: 'text/document', tester: documentControlTester, renderer: DocumentControl },
  { name: 'select/text', tester: selectTextControlTester, renderer: SelectTextControl },
  { name: 'select/number', tester: selectNumberControlTester, renderer: SelectNumberControl },
  { name: 'select/relation', tester: relationSelectControlTester, renderer: RelationSelectControl },
  { name: 'select/image', tester: imageSelectControlTester, renderer: ImageSelectControl },
  { name: 'select/external', tester: externalSelectControlTester, renderer: ExternalSelectControl },
  { name: 'picker/date', tester: dateControlTester, renderer: DateControl },
  { name: 'picker/time', tester: timeControlTester, renderer: TimeControl },
  { name: 'picker/datetime', tester: dateTimeControlTester, renderer: DateTimeControl },
  { name: 'picker/daterange', tester: dateRangeControlTester, renderer: DateRangeControl },
  { name: 'checkbox/text', tester: checkboxTextControlTester, renderer: CheckboxTextControl },
  { name: 'checkbox/number', tester: checkboxNumberControlTester, renderer: CheckboxNumberControl },
  { name: 'checkbox/bool', tester: checkboxBoolControlTester, renderer: CheckboxBoolControl },
  { name: 'radio/text', tester: radioTextControlTester, renderer: RadioTextControl },
  { name: 'radio/number', tester: radioNumberControlTester, renderer: RadioNumberControl },
  { name: 'data/json', tester: jsonControlTester, renderer: JsonControl },
  { name: 'reference/text', tester: referenceTextControlTester, renderer: ReferenceTextControl },
  { name: 'table/default', tester: tableControlTester, renderer: TableControl },
  { name: 'table/custom', tester: tableCustomControlTester, renderer: TableCustomControl },
  { name: 'fieldset/default', tester: fieldsetControlTester, renderer: FieldsetControl },
];

export * from './registry';
export { defaultCells, UuidCell } from './cells';
export { UnknownField } from './controls/UnknownField';
export { FieldFrame, inputAria } from './controls/shared/FieldFrame';
export { MediaWidgetsProvider, NO_MEDIA_SERVICES, type MediaBrowserProps, type MediaWidgetServices } from './controls/media/MediaWidgetsContext';
