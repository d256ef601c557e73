// The built-in controls' testers, apart from the controls: `renderers/index.ts` registers each control
// with lazyControl, so choosing a control for a field costs these few functions, and a control's module
// (react-aria, its parts) is imported when a form first draws a field it wins. Each control's module
// re-exports its tester for anyone who imports the control directly.
import { RANK } from '../registry/rank';
import { moduleTypeIs, or, rankWith } from '../registry/testers';

/** checkbox/Bool */
export const checkboxBoolControlTester = rankWith(RANK.exact, moduleTypeIs('checkbox', 'bool'));
/** checkbox/Number */
export const checkboxNumberControlTester = rankWith(RANK.exact, moduleTypeIs('checkbox', 'number'));
/** checkbox/Text */
export const checkboxTextControlTester = rankWith(RANK.exact, moduleTypeIs('checkbox', 'text'));
/** data/Json */
export const jsonControlTester = rankWith(RANK.exact, moduleTypeIs('data', 'json'));
/** fieldset/Default */
export const fieldsetControlTester = rankWith(RANK.exact, moduleTypeIs('fieldset', 'default'));
/** image/Carousel */
export const carouselControlTester = rankWith(RANK.exact, moduleTypeIs('image', 'carousel'));
/** input/Email */
export const emailControlTester = rankWith(RANK.exact, moduleTypeIs('input', 'email'));
/** input/File */
export const fileControlTester = rankWith(RANK.exact, moduleTypeIs('input', 'file'));
/** input/Image */
export const imageControlTester = rankWith(RANK.exact, or(moduleTypeIs('input', 'image'), moduleTypeIs('input', 'imagev2')));
/** input/Number */
export const numberControlTester = rankWith(RANK.exact, moduleTypeIs('input', 'number'));
/** input/Password */
export const passwordControlTester = rankWith(RANK.exact, moduleTypeIs('input', 'password'));
/** input/Text */
export const textControlTester = rankWith(RANK.exact, moduleTypeIs('input', 'text'));
/** input/TextI18n */
export const textI18nControlTester = rankWith(RANK.exact, moduleTypeIs('input', 'text_i18n'));
/** picker/Date */
export const dateControlTester = rankWith(RANK.exact, moduleTypeIs('picker', 'date'));
/** picker/DateRange */
export const dateRangeControlTester = rankWith(RANK.exact, moduleTypeIs('picker', 'daterange'));
/** picker/DateTime */
export const dateTimeControlTester = rankWith(RANK.exact, moduleTypeIs('picker', 'datetime'));
/** picker/Time */
export const timeControlTester = rankWith(RANK.exact, moduleTypeIs('picker', 'time'));
/** radio/Number */
export const radioNumberControlTester = rankWith(RANK.exact, moduleTypeIs('radio', 'number'));
/** radio/Text */
export const radioTextControlTester = rankWith(RANK.exact, moduleTypeIs('radio', 'text'));
/** reference/Text */
export const referenceTextControlTester = rankWith(RANK.exact, moduleTypeIs('reference', 'text'));
/** select/External */
export const externalSelectControlTester = rankWith(RANK.exact, moduleTypeIs('select', 'external'));
/** select/Image */
export const imageSelectControlTester = rankWith(RANK.exact, moduleTypeIs('select', 'image'));
/** select/Number */
export const selectNumberControlTester = rankWith(RANK.exact, moduleTypeIs('select', 'number'));
/** select/Relation */
export const relationSelectControlTester = rankWith(RANK.exact, moduleTypeIs('select', 'relation'));
/** select/Text */
export const selectTextControlTester = rankWith(RANK.exact, moduleTypeIs('select', 'text'));
/** table/Custom */
export const tableCustomControlTester = rankWith(RANK.exact, moduleTypeIs('table', 'custom'));
/** table/Default */
export const tableControlTester = rankWith(RANK.exact, moduleTypeIs('table', 'default'));
/** text/Default */
export const textAreaControlTester = rankWith(RANK.exact, moduleTypeIs('text', 'default'));
/** text/Document */
export const documentControlTester = rankWith(RANK.exact, moduleTypeIs('text', 'document'));
/** text/Editor */
export const editorControlTester = rankWith(RANK.exact, moduleTypeIs('text', 'editor'));
/** text/EditorI18n */
export const editorI18nControlTester = rankWith(RANK.exact, moduleTypeIs('text', 'editor_i18n'));
