// Record events a workflow can react to (spec section 4); custom names are allowed too.
export const STANDARD_EVENTS = ['Before::Create', 'Create', 'Before::Update', 'Update', 'Before::Delete', 'Delete', 'Recycle'] as const;
