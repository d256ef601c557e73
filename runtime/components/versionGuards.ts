// The version guards as one object, for the machine's guards and the server's services.
import { canFork } from './canFork';
import { canRemoveVersion } from './canRemoveVersion';
import { canEditFields } from './canEditFields';

export const versionGuards = { canFork, canRemoveVersion, canEditFields } as const;
