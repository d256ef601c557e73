// select/relation (spec sections 2, 3, 4, 7 and 8): the related records of another component.
// Labels from 'uuid', a field key or a double-brace template (none set: the related component's first
// text field); the chosen values loaded with $in; search on the searchOn fields (else the label's)
// with a case-insensitive $regex (the locale path for i18n fields), debounced; pages of 10 added on
// scroll or 'More'; Create and Edit open quick-create and quick-edit dialogs by
// permission, and their created, edited and removed events update the value and `{key}_RefObj`.
// States: loading, then ready or no-permissions (a 403 shows 'noPermissionsToInteract'). A failed
// fetch adds identityField.relationshipModelsFetchingFailed to the messages under the field.
// The select itself is relation/RelationSelect.tsx; its list runs on TanStack Query's useInfiniteQuery.
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame } from '../shared/FieldFrame';
import { asList, asText } from '../shared/values';
import { RelationSelect } from './relation/RelationSelect';

export { RELATION_SEARCH_DEBOUNCE_MS } from './relation/query';
export { REF_OBJ_SUFFIX } from './relation/rows';
export type { RecordModel } from '../../../runtime/client/records';

export function RelationSelectControl(props: ControlProps) {
  if (!props.field.relation) {
    // A relation without a foreign component or key pair: nothing to choose from.
    return (
      <FieldFrame props={props}>
        <input id={props.id} name={props.field.key} value={asList(props.value).map(asText).join(', ')} readOnly data-testid="relation-select" />
      </FieldFrame>
    );
  }
  return <RelationSelect {...props} />;
}

export const relationSelectControlTester = rankWith(RANK.exact, moduleTypeIs('select', 'relation'));
