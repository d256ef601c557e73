// The records of the chosen values, by foreign key: those the record brought along in its
// {key}_RefObj (the companion in the form store), those the list or a dialog showed, and the rest
// loaded once with $in on the foreign key. A value asked for and not found is 'resolved': its label
// is then the unknown value.
import { useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { FormContext } from '../../../form/FormContext';
import { asText } from '../../shared/values';
import { loadPage, statusOf } from './api';
import type { OutcomeEvent } from './outcome';
import { initialParams } from './query';
import { keyOf, type ChosenValue, type Row } from './rows';

/** The companion {key}_RefObj in the form store (seeded from the loaded record). */
export function useCompanion(companionKey: string) {
  const store = useContext(FormContext)?.store;
  const subscribe = useCallback((listener: () => void) => (store ? store.subscribe(companionKey, listener) : () => undefined), [store, companionKey]);
  const companion = useSyncExternalStore(subscribe, () => store?.value(companionKey), () => store?.value(companionKey));
  const setCompanion = useCallback((next: unknown) => store?.set(companionKey, next), [store, companionKey]);
  return [companion, setCompanion] as const;
}

export function useKnownRows(keyField: string, companion: unknown) {
  const [known, setKnown] = useState<Record<string, Row>>({});
  const remember = useCallback(
    (rows: readonly Row[]) => {
      const additions = rows.flatMap((row) => {
        const key = keyOf(row, keyField);
        return key === null ? [] : [[asText(key), row] as const];
      });
      if (additions.length > 0) setKnown((prev) => ({ ...prev, ...Object.fromEntries(additions) }));
    },
    [keyField],
  );
  useEffect(() => {
    if (Array.isArray(companion)) remember(companion.filter((row): row is Row => !!row && typeof row === 'object'));
    else if (companion && typeof companion === 'object') remember([companion as Row]);
  }, [companion, remember]);
  return { known, remember };
}

interface ChosenLoad {
  foreign: string;
  keyField: string;
  chosen: readonly ChosenValue[];
  known: Record<string, Row>;
  remember(rows: readonly Row[]): void;
  report(event: OutcomeEvent): void;
}

/** Loads the chosen values not known yet, each once (again after a failure only when the value changes). */
export function useChosenLoad({ foreign, keyField, chosen, known, remember, report }: ChosenLoad): ReadonlySet<string> {
  const requested = useRef(new Set<string>());
  const [resolved, setResolved] = useState<ReadonlySet<string>>(new Set());
  const chosenKey = chosen.map(asText).join('\u0000');
  useEffect(() => {
    const missing = chosen.filter((v) => !known[asText(v)] && !requested.current.has(asText(v)));
    if (missing.length === 0) return;
    missing.forEach((v) => requested.current.add(asText(v)));
    const controller = new AbortController();
    let settled = false;
    loadPage(foreign, initialParams(keyField, missing), controller.signal).then(
      (answer) => {
        settled = true;
        remember(answer.items as Row[]);
        setResolved((prev) => new Set([...prev, ...missing.map(asText)]));
        report({ type: 'chosenLoaded' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        settled = true;
        missing.forEach((v) => requested.current.delete(asText(v)));
        report({ type: 'failed', page: false, status: statusOf(error) });
      },
    );
    return () => {
      // A load cut short is asked for again by the next run (else its labels would wait for ever).
      if (!settled) missing.forEach((v) => requested.current.delete(asText(v)));
      controller.abort();
    };
    // Only a change of the chosen values (or of the related component) asks again, not every row learnt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenKey, foreign, keyField]);
  return resolved;
}
