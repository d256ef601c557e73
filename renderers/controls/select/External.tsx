// select/external (spec sections 3 and 7): options from the configured expression (custom_data), run
// in the sandbox with context, keyword and page, or from a ratchet connection's statement kept by the
// server (constraints.ratchet, docs/ratchet.md "The external select"): the browser asks
// GET /ratchet/select/{component}/{field} with the search and the page; keyword changes are debounced 500 ms. The expression
// returns a list of values or {value, label}; pages after the first are added by 'More' until one
// comes back empty. A failing expression shows its message under the field (it does not block a save:
// the value rules decide that). The value is a scalar, or a list when multiple. The options are the
// light ListBox of renderers/ui (one tab stop, arrows, Home, End, type-ahead, Space and Enter pick)
// under a search box (Escape empties it).
// The expression first runs when the field comes near the viewport or takes the focus
// (useNearViewport): the script runtime (QuickJS with lodash and dayjs, about 51 KB gzip) is then not
// part of the first load of a long form whose external select is further down.
import { Search } from '../../ui/icons';
import { errorDisplay } from '../../../runtime/client/errorMessage';
import { ratchetApi } from '../../../runtime/client/ratchet';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { FieldMessage } from '../../../runtime/validation';
import { fieldScriptContext } from '../../../runtime/environment/fieldVariables';
import { FormContext, type FormContextValue } from '../../form/FormContext';
import { lazySandbox } from '../../form/scripts';
import { ListBox } from '../../ui/ListBox';
import { useNearViewport } from '../../ui/useNearViewport';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { ChosenChips } from '../shared/ChosenChips';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import { asList, asText, sameValue } from '../shared/values';

export const EXTERNAL_DEBOUNCE_MS = 500;

export interface ExternalOption {
  value: string | number;
  label: string;
}

/** The expression's answer as options: values or {value, label}; anything else is an error. */
export function toExternalOptions(result: unknown): ExternalOption[] | null {
  const list = Array.isArray(result) ? result : result && typeof result === 'object' && Array.isArray((result as { items?: unknown }).items) ? (result as { items: unknown[] }).items : null;
  if (!list) return null;
  const out: ExternalOption[] = [];
  for (const entry of list) {
    if (typeof entry === 'string' || (typeof entry === 'number' && Number.isFinite(entry))) out.push({ value: entry, label: String(entry) });
    else if (entry && typeof entry === 'object' && 'value' in entry) {
      const { value, label } = entry as { value: unknown; label?: unknown };
      if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) continue;
      out.push({ value, label: typeof label === 'string' || typeof label === 'number' ? String(label) : String(value) });
    }
  }
  return out;
}

type Loaded = { ok: true; options: ExternalOption[]; done: boolean } | { ok: false; error: string };

/** A ratchet-sourced field's page from the server (the statement stays there; only search and page go). */
async function loadRatchetPage(component: string, key: string, keyword: string, page: number, message: (id: string) => string): Promise<Loaded> {
  try {
    const answer = await ratchetApi.selectOptions(component, key, keyword, page);
    return { ok: true, options: answer.options, done: !answer.more };
  } catch (error) {
    const display = errorDisplay(error);
    return { ok: false, error: message(display.kind === 'reported' ? 'unexpectedError' : display.messageKey) };
  }
}

/**
 * The options of the field's expression, or of its ratchet statement (customData.ratchet, through
 * the server): run with context, keyword and page; the keyword follows the search text 500 ms after
 * the last keystroke and starts again at page 1; `more` asks the next page, whose options are added,
 * until a page comes back empty (the server says when no page follows). `labelOf` knows every label seen.
 */
function useExternalOptions(field: ControlProps['field'], form: FormContextValue | null, active: boolean) {
  const intl = useIntl();
  const runScript = form?.runScript ?? lazySandbox;
  const expression = typeof field.options.customData.expression === 'string' ? field.options.customData.expression : '';
  const ratchet = (field.options.customData.ratchet as { component?: unknown } | undefined)?.component;
  const ratchetComponent = typeof ratchet === 'string' ? ratchet : null;
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [options, setOptions] = useState<ExternalOption[]>([]);
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ran, setRan] = useState(false);
  const labels = useRef(new Map<string, string>());

  useEffect(() => {
    if (text === keyword) return;
    const timer = setTimeout(() => {
      setKeyword(text);
      setPage(1);
    }, EXTERNAL_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, keyword]);

  const context = useMemo(() => ({ ...fieldScriptContext(form?.scriptContext ?? {}, field.variables), field: field.key, model: form?.store.values() ?? {} }), [form, field.key, field.variables, keyword, page]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!active || (!expression && !ratchetComponent)) return;
    let live = true;
    setLoading(true);
    const load = async (): Promise<Loaded> => {
      if (ratchetComponent) return loadRatchetPage(ratchetComponent, field.key, keyword, page, (id) => intl.formatMessage({ id }));
      const result = await runScript({ label: `External select of field ${field.key}`, code: expression, args: { context, keyword, page } });
      if (!result.ok) return { ok: false, error: result.error };
      const next = toExternalOptions(result.value);
      return next ? { ok: true, options: next, done: next.length === 0 } : { ok: false, error: intl.formatMessage({ id: 'invalidInput' }) };
    };
    void load().then((loaded) => {
      if (!live) return;
      setLoading(false);
      setRan(true);
      if (!loaded.ok) {
        setError(loaded.error);
        return;
      }
      const next = loaded.options;
      setError(null);
      next.forEach((option) => labels.current.set(asText(option.value), option.label));
      setOptions((prev) => (page === 1 ? next : [...prev, ...next.filter((o) => !prev.some((p) => sameValue(p.value, o.value)))]));
      setDone(loaded.done);
    });
    return () => {
      live = false;
    };
  }, [expression, ratchetComponent, active, keyword, page, runScript, field.key, context, intl]);

  return {
    text,
    setText,
    options,
    done,
    loading,
    ran,
    error,
    more: () => setPage((p) => p + 1),
    labelOf: (v: unknown) => labels.current.get(asText(v)) ?? asText(v),
  };
}

export function ExternalSelectControl(props: ControlProps) {
  const intl = useIntl();
  const form = useContext(FormContext);
  const { field, value, onChange, readOnly, id } = props;
  const multiple = field.options.multiple;
  const chosen = asList(value).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
  const near = useNearViewport<HTMLDivElement>();
  const [active, setActive] = useState(-1);
  const { text, setText, options, done, loading, ran, error, more, labelOf } = useExternalOptions(field, form, near.near);

  const isChosen = (v: unknown) => chosen.some((c) => sameValue(c, v));
  const pick = (v: string | number) => {
    if (readOnly) return;
    if (multiple) onChange(isChosen(v) ? chosen.filter((c) => !sameValue(c, v)) : [...chosen, v]);
    else onChange(isChosen(v) ? null : v);
  };

  const scriptError: FieldMessage | null = error ? { key: 'selects.externalFailed', values: { message: error } } : null;
  const frameProps = scriptError ? { ...props, errors: [...props.errors, scriptError] } : props;

  return (
    <FieldFrame props={frameProps}>
      <div ref={near.ref} className="external-select" data-testid="external-select" aria-busy={loading} onFocus={near.wake}>
        <ChosenChips chosen={chosen} labelOf={labelOf} readOnly={readOnly} onRemove={pick} />
        <div className="select-search">
          <Search size={14} aria-hidden="true" />
          <input
            type="search"
            id={id}
            name={field.key}
            data-testid="external-search"
            autoComplete="off"
            value={text}
            readOnly={readOnly}
            aria-labelledby={`${id}-label`}
            aria-controls={`${id}-options`}
            placeholder={field.options.placeholder || intl.formatMessage({ id: 'selects.search' })}
            {...inputAria(frameProps)}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || text === '') return;
              event.preventDefault();
              setText('');
            }}
          />
        </div>
        <ListBox
          id={`${id}-options`}
          className="relation-options"
          label={field.label || field.key}
          options={options.map((option) => ({ id: asText(option.value), label: option.label }))}
          selected={chosen.map(asText)}
          multiple={multiple}
          disabled={readOnly}
          active={active}
          setActive={setActive}
          focusMode="focus"
          optionClassName="select-option"
          optionTestId="external-option"
          onPick={(option) => {
            const picked = options.find((o) => asText(o.value) === option.id);
            if (picked) pick(picked.value);
          }}
          empty={ran && !loading && !error ? <p className="muted select-empty">{intl.formatMessage({ id: 'selects.noResults' })}</p> : null}
        />
        {options.length > 0 && !done && !loading && !error ? (
          <button type="button" className="button button-small" data-testid="external-more" onClick={more}>
            {intl.formatMessage({ id: 'selects.more' })}
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}

export const externalSelectControlTester = rankWith(RANK.exact, moduleTypeIs('select', 'external'));
