// The built-in renderers: a plain array of { tester, renderer } entries, built without side effects.
// A project adds its own by concatenation: [...defaultRenderers, { tester, renderer }] (docs/custom-renderers.md).
// The plain controls (an input, a text area, checkboxes and radios: a few hundred bytes each, no
// react-aria) are eager. The others are imported when a form first draws a field they win (lazyControl,
// as plugins' controls are), so react-aria's select, calendar and overlay parts, the media widgets and
// the tables load only with a form that uses them. Their testers are eager and tiny (controls/testers.ts);
// the controls stay exported from their modules for anyone who imports one directly.
import type { RendererEntry } from './registry/types';
import { lazyControl } from './registry/lazy';
import * as testers from './controls/testers';
import { TextControl } from './controls/input/Text';
import { EmailControl } from './controls/input/Email';
import { PasswordControl } from './controls/input/Password';
import { NumberControl } from './controls/input/Number';
import { TextAreaControl } from './controls/text/Default';
import { CheckboxTextControl } from './controls/checkbox/Text';
import { CheckboxNumberControl } from './controls/checkbox/Number';
import { CheckboxBoolControl } from './controls/checkbox/Bool';
import { RadioTextControl } from './controls/radio/Text';
import { RadioNumberControl } from './controls/radio/Number';
import { JsonControl } from './controls/data/Json';
import { ReferenceTextControl } from './controls/reference/Text';

export const defaultRenderers: readonly RendererEntry[] = [
  { name: 'input/text', tester: testers.textControlTester, renderer: TextControl },
  { name: 'input/email', tester: testers.emailControlTester, renderer: EmailControl },
  lazyControl('input/text_i18n', testers.textI18nControlTester, () => import('./controls/input/TextI18n').then((m) => m.TextI18nControl)),
  { name: 'input/password', tester: testers.passwordControlTester, renderer: PasswordControl },
  { name: 'input/number', tester: testers.numberControlTester, renderer: NumberControl },
  lazyControl('input/image, input/imagev2', testers.imageControlTester, () => import('./controls/input/Image').then((m) => m.ImageControl)),
  lazyControl('input/file', testers.fileControlTester, () => import('./controls/input/File').then((m) => m.FileControl)),
  lazyControl('image/carousel', testers.carouselControlTester, () => import('./controls/image/Carousel').then((m) => m.CarouselControl)),
  { name: 'text/default', tester: testers.textAreaControlTester, renderer: TextAreaControl },
  lazyControl('text/editor', testers.editorControlTester, () => import('./controls/text/Editor').then((m) => m.EditorControl)),
  lazyControl('text/editor_i18n', testers.editorI18nControlTester, () => import('./controls/text/EditorI18n').then((m) => m.EditorI18nControl)),
  lazyControl('text/document', testers.documentControlTester, () => import('./controls/text/Document').then((m) => m.DocumentControl)),
  lazyControl('select/text', testers.selectTextControlTester, () => import('./controls/select/Text').then((m) => m.SelectTextControl)),
  lazyControl('select/number', testers.selectNumberControlTester, () => import('./controls/select/Number').then((m) => m.SelectNumberControl)),
  lazyControl('select/relation', testers.relationSelectControlTester, () => import('./controls/select/Relation').then((m) => m.RelationSelectControl)),
  lazyControl('select/image', testers.imageSelectControlTester, () => import('./controls/select/Image').then((m) => m.ImageSelectControl)),
  lazyControl('select/external', testers.externalSelectControlTester, () => import('./controls/select/External').then((m) => m.ExternalSelectControl)),
  lazyControl('picker/date', testers.dateControlTester, () => import('./controls/picker/Date').then((m) => m.DateControl)),
  lazyControl('picker/time', testers.timeControlTester, () => import('./controls/picker/Time').then((m) => m.TimeControl)),
  lazyControl('picker/datetime', testers.dateTimeControlTester, () => import('./controls/picker/DateTime').then((m) => m.DateTimeControl)),
  lazyControl('picker/daterange', testers.dateRangeControlTester, () => import('./controls/picker/DateRange').then((m) => m.DateRangeControl)),
  { name: 'checkbox/text', tester: testers.checkboxTextControlTester, renderer: CheckboxTextControl },
  { name: 'checkbox/number', tester: testers.checkboxNumberControlTester, renderer: CheckboxNumberControl },
  { name: 'checkbox/bool', tester: testers.checkboxBoolControlTester, renderer: CheckboxBoolControl },
  { name: 'radio/text', tester: testers.radioTextControlTester, renderer: RadioTextControl },
  { name: 'radio/number', tester: testers.radioNumberControlTester, renderer: RadioNumberControl },
  { name: 'data/json', tester: testers.jsonControlTester, renderer: JsonControl },
  { name: 'reference/text', tester: testers.referenceTextControlTester, renderer: ReferenceTextControl },
  lazyControl('table/default', testers.tableControlTester, () => import('./controls/table/Default').then((m) => m.TableControl)),
  lazyControl('table/custom', testers.tableCustomControlTester, () => import('./controls/table/Custom').then((m) => m.TableCustomControl)),
  lazyControl('fieldset/default', testers.fieldsetControlTester, () => import('./controls/fieldset/Default').then((m) => m.FieldsetControl)),
];

export * from './registry';
export { defaultCells, UuidCell } from './cells';
export { UnknownField } from './controls/UnknownField';
export { FieldFrame, inputAria } from './controls/shared/FieldFrame';
export { MediaWidgetsProvider, NO_MEDIA_SERVICES, type MediaBrowserProps, type MediaWidgetServices } from './controls/media/MediaWidgetsContext';
