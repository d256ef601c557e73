// What the viewer does in one directory of a library (spec section 4 "Library files"): the chosen
// files and the search, its text at once and the query after a pause (clearing restores the listing
// at once). Changing directory (or library) clears both.
import { useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 500;

export function useDirectory(libraryUuid: string, dir: string) {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);

  // Changing directory (or library) clears the selection and the search (spec section 4).
  useEffect(() => {
    setSelected([]);
    setSearchText('');
    setSearch('');
  }, [dir, libraryUuid]);
  useEffect(() => {
    const trimmed = searchText.trim();
    if (trimmed === search) return undefined;
    // Clearing restores the listing at once; typing waits for a pause.
    if (trimmed === '') {
      setSearch('');
      return undefined;
    }
    const timer = setTimeout(() => setSearch(trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  return { selected, setSelected, searchText, setSearchText, search };
}
