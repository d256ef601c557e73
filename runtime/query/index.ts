// Record list queries (docs/lists.md): parameters -> a checked AST (framework-free).
export * from './types';
export { PathCatalogue, dataKindOf, isSearchable, isDateField, isDateRangeField, isI18nField, isSystemColumn, type PathLookup } from './paths';
export { parseAdv, isoTimestamp } from './parseAdv';
export { parseAggregate } from './parseAggregate';
export { parseListParams, pagesOf, pathsOf, type ListOptions } from './parseListParams';
export { escapeLike } from './like';
