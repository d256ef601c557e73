// The relation select's search: the text typed, the keyword once typing pauses, and the list filter
// it makes ($regex on the searchOn fields, the locale path for i18n ones). Without a label of the
// admin's, the related component's first text field labels and is searched (uuid until it is known).
import { useMemo, useState } from 'react';
import { relationDisplay, relationDisplayFor, type RelationDisplay } from '../../../../runtime/compile/selectData';
import type { ViewField } from '../../../../schemas/viewSchema.schema';
import { useDebounced } from '../../table/useDebounced';
import type { ForeignInfo } from './api';
import { RELATION_SEARCH_DEBOUNCE_MS, searchFilter } from './query';

const NO_I18N: ReadonlySet<string> = new Set();

export function useRelationSearch(field: ViewField, info: ForeignInfo | null, locale: string) {
  const given = useMemo<RelationDisplay>(() => (field.options.customData.relation as RelationDisplay | undefined) ?? relationDisplay(null), [field]);
  const display = useMemo(() => relationDisplayFor(given, info?.fields ?? null), [given, info]);
  const [text, setText] = useState('');
  const keyword = useDebounced(text, RELATION_SEARCH_DEBOUNCE_MS);
  const filter = searchFilter(display.searchOn, keyword, info?.i18nKeys ?? NO_I18N, locale);
  return { label: display.label, text, setText, filter };
}
