// Name rules of spec section 5 / docs/components.md, shared by schemas and runtime/components.
/** Component name: 2..64 of letters, digits, '_', '-'. */
export const COMPONENT_NAME_PATTERN = '^[A-Za-z0-9_-]{2,64}$';
/** Version name: 1..32 of letters, digits, '.', '_', '-'. */
export const VERSION_NAME_PATTERN = '^[A-Za-z0-9._-]{1,32}$';
