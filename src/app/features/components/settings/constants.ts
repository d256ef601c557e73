/** JSON checks run this long after typing stops (spec section 9 debounces). */
export const JSON_CHECK_MS = 1000;
