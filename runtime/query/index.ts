// Record list queries (docs/lists.md): parameters -> a checked AST (framework-free).
export * from './types';
export { PathCatalogue, dataKindOf, isSearchable, isDateField, isDateRangeField, isI18nField, isSystemColumn, type PathLookup } from './paths';
export { parseAdv, isoTimestamp } from './parseAdv';
export { parseAggregate } from './parseAggregate';
export { parseListParams, pagesOf, pathsOf, LIST_PARAMETERS, FILTER_PARAMETERS, EXPORT_PARAMETERS, type ListOptions, type ListParameter } from './parseListParams';
export { escapeLike } from './like';
