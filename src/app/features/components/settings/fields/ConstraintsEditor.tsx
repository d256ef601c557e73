// Constraints per module and type (spec section 3 "Constraints"): only the parts fieldSections says
// apply to the pair (runtime/fieldTypes). Length bounds stay consistent through adjustLength; the
// custom_data part has its own editor.
import { FormattedMessage } from 'react-intl';
import { adjustLength, isAlwaysRequired } from '../../../../../../runtime/components';
import { fieldSections } from '../../../../../../runtime/fieldTypes';
import type { Constraints } from '../../../../../../schemas';
import { Checkbox, FieldErrors, NumberInput, TextInput } from '../controls';
import { TagsInput } from '../TagsInput';
import { CustomDataEditor } from './CustomDataEditor';
import type { FieldPartProps } from './FieldDialog';
import { SelectablesEditor } from './SelectablesEditor';

/** Table per_page default (spec section 9). */
export const TABLE_PER_PAGE = 10;

/** What each group of constraints edits: the field's constraints and a patch of them. */
interface GroupProps {
  c: Partial<Constraints>;
  set: (patch: Partial<Constraints>) => void;
  errors: Record<string, string[]>;
}

/** Length bounds of a text, or the bounds of a number; each side stays consistent with the other (adjustLength). */
function LengthBounds({ c, set, errors, number }: GroupProps & { number: boolean }) {
  const length = c.length ?? { min: null, max: null };
  const setLength = (side: 'min' | 'max', value: number | null) => set({ length: adjustLength({ ...length, [side]: value }, side) });
  return (
    <div className="form-grid" data-testid="length-editor">
      <NumberInput
        name="field.constraints.length.min"
        label={<FormattedMessage id={number ? 'cmp.fields.min' : 'cmp.fields.lengthMin'} />}
        value={length.min ?? null}
        errors={errors['constraints.length.min'] ?? errors['constraints.length']}
        onChange={(v) => setLength('min', v)}
      />
      <NumberInput
        name="field.constraints.length.max"
        label={<FormattedMessage id={number ? 'cmp.fields.max' : 'cmp.fields.lengthMax'} />}
        value={length.max ?? null}
        errors={errors['constraints.length.max']}
        onChange={(v) => setLength('max', v)}
      />
    </div>
  );
}

/** A date picker's pattern and the dates it refuses. */
function DateRules({ c, set }: GroupProps) {
  return (
    <div data-testid="date-rules">
      <TextInput name="field.constraints.date.pattern" label={<FormattedMessage id="cmp.fields.datePattern" />} value={c.date?.pattern ?? ''} placeholder="yyyy-mm-dd" onChange={(v) => set({ date: { ...c.date, pattern: v === '' ? null : v } })} />
      <div className="check-grid">
        <Checkbox name="field.constraints.date.disable_past_dates" label={<FormattedMessage id="cmp.fields.disablePast" />} checked={c.date?.disable_past_dates ?? false} onChange={(v) => set({ date: { ...c.date, disable_past_dates: v } })} />
        <Checkbox name="field.constraints.date.disable_future_dates" label={<FormattedMessage id="cmp.fields.disableFuture" />} checked={c.date?.disable_future_dates ?? false} onChange={(v) => set({ date: { ...c.date, disable_future_dates: v } })} />
      </div>
    </div>
  );
}

/** A relation select's label and the keys it searches on. */
function RelationOptions({ c, set }: GroupProps) {
  return (
    <div className="form-grid" data-testid="relation-options">
      <TextInput name="field.constraints.relation.label" label={<FormattedMessage id="cmp.fields.relationLabel" />} value={c.relation?.label ?? ''} hint={<FormattedMessage id="cmp.fields.relationLabelHint" />} onChange={(label) => set({ relation: { ...c.relation, label } })} />
      <TagsInput
        name="field.constraints.relation.searchOn"
        label={<FormattedMessage id="cmp.fields.searchOn" />}
        value={splitList(c.relation?.searchOn)}
        onChange={(searchOn) => set({ relation: { ...c.relation, searchOn } })}
      />
    </div>
  );
}

/** A list kept as an array or as comma-separated text, as its entries. */
function splitList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : [];
}

/** Required, and Hashed where the type keeps a text (a password always is hashed). */
function Flags({ c, set, errors, module, type }: GroupProps & { module: string | undefined; type: string | undefined }) {
  const { hashed } = fieldSections(module, type);
  return (
    <div className="check-grid">
      {isAlwaysRequired(module, type) ? (
        <Checkbox name="field.constraints.required" label={<FormattedMessage id="cmp.fields.required" />} checked disabled hint={<FormattedMessage id="cmp.fields.alwaysRequired" />} onChange={() => undefined} />
      ) : (
        <Checkbox name="field.constraints.required" label={<FormattedMessage id="cmp.fields.required" />} checked={c.required ?? false} onChange={(required) => set({ required })} />
      )}
      {hashed === 'always' ? (
        <Checkbox name="field.constraints.hashed" label={<FormattedMessage id="cmp.fields.hashed" />} checked disabled hint={<FormattedMessage id="cmp.fields.alwaysHashed" />} onChange={() => undefined} />
      ) : hashed === 'free' ? (
        <Checkbox name="field.constraints.hashed" label={<FormattedMessage id="cmp.fields.hashed" />} checked={c.hashed ?? false} onChange={(v) => set({ hashed: v })} errors={errors['constraints.hashed']} />
      ) : null}
    </div>
  );
}

export function ConstraintsEditor(props: FieldPartProps) {
  const { draft, change, errors } = props;
  const c = (draft.constraints ?? {}) as Partial<Constraints>;
  const set = (patch: Partial<Constraints>) => change({ constraints: { ...c, ...patch } });
  const group = { c, set, errors };
  const { module, type } = draft;
  const show = fieldSections(module, type);
  const number = show.length === 'number';

  return (
    <fieldset className="subcard" data-testid="constraints-editor">
      <legend>
        <FormattedMessage id="cmp.fields.constraints" />
      </legend>
      <Flags {...group} module={module} type={type} />
      {show.placeholder ? (
        <div className="form-grid">
          <TextInput name="field.constraints.placeholder" label={<FormattedMessage id="cmp.fields.placeholder" />} value={c.placeholder ?? ''} onChange={(placeholder) => set({ placeholder })} />
          <TextInput
            name="field.constraints.default"
            label={<FormattedMessage id="cmp.fields.default" />}
            value={c.default === null || c.default === undefined ? '' : String(c.default)}
            onChange={(v) => set({ default: v === '' ? null : number ? Number(v) : v })}
          />
        </div>
      ) : null}
      {show.length ? <LengthBounds {...group} number={number} /> : null}
      {show.textRules ? (
        <div className="form-grid">
          <TagsInput
            name="field.constraints.not_allowed_words"
            label={<FormattedMessage id="cmp.fields.notAllowedWords" />}
            value={splitList(c.not_allowed_words)}
            onChange={(words) => set({ not_allowed_words: words.join(',') })}
          />
          <TextInput name="field.constraints.regex" label={<FormattedMessage id="cmp.fields.regex" />} value={c.regex ?? ''} onChange={(v) => set({ regex: v === '' ? null : v })} />
        </div>
      ) : null}
      {show.dateRules ? <DateRules {...group} /> : null}
      {show.items ? <SelectablesEditor constraints={c} set={set} errors={errors} range={show.range} /> : null}
      {show.table ? (
        <div className="form-grid" data-testid="table-options">
          <NumberInput name="field.constraints.table.per_page" label={<FormattedMessage id="cmp.fields.perPage" />} min={1} value={c.table?.per_page ?? TABLE_PER_PAGE} onChange={(v) => set({ table: { ...c.table, per_page: v ?? TABLE_PER_PAGE } })} />
          <Checkbox name="field.constraints.table.search" label={<FormattedMessage id="cmp.fields.tableSearch" />} checked={c.table?.search ?? false} onChange={(search) => set({ table: { ...c.table, search } })} />
        </div>
      ) : null}
      {show.relationOptions ? <RelationOptions {...group} /> : null}
      <FieldErrors messages={errors.constraints} />
      <CustomDataEditor {...props} />
    </fieldset>
  );
}
