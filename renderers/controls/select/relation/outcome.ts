// The relation select's state from what its fetches answered: 'loading' until the chosen values or a
// page arrive (or a page fails), 'noPermissions' for good after a 403, and whether a fetch failed
// (cleared by the next page that arrives), which adds relationshipModelsFetchingFailed under the field.
export type RelationStatus = 'loading' | 'ready' | 'noPermissions';

export interface Outcome {
  status: RelationStatus;
  fetchFailed: boolean;
}

export type OutcomeEvent =
  | { type: 'chosenLoaded' }
  | { type: 'pageLoaded' }
  /** A failed fetch: of a page (else of the chosen values) and its HTTP status (0 without one). */
  | { type: 'failed'; page: boolean; status: number };

export const START: Outcome = { status: 'loading', fetchFailed: false };

export function nextOutcome(state: Outcome, event: OutcomeEvent): Outcome {
  const ready = state.status === 'loading' ? 'ready' : state.status;
  switch (event.type) {
    case 'chosenLoaded':
      return ready === state.status ? state : { ...state, status: ready };
    case 'pageLoaded':
      return ready === state.status && !state.fetchFailed ? state : { status: ready, fetchFailed: false };
    case 'failed':
      return { status: event.status === 403 ? 'noPermissions' : event.page ? ready : state.status, fetchFailed: true };
  }
}
