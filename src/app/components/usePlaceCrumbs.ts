// A page names the places within it that follow its route crumbs (routes/breadcrumbs.ts placeCrumbStore):
// set while the page shows them, cleared when it goes.
import { useEffect } from 'react';
import { placeCrumbStore, type Crumb } from '../routes/breadcrumbs';

export function usePlaceCrumbs(places: Crumb[]): void {
  // By value: a new array of the same crumbs on each render is no change.
  const key = JSON.stringify(places);
  useEffect(() => {
    placeCrumbStore.set(JSON.parse(key) as Crumb[]);
    return () => placeCrumbStore.set([]);
  }, [key]);
}
