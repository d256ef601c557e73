// The library sources, read as the server reads them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SandboxLibraries } from '../../../runtime/script';

const require = createRequire(import.meta.url);

export const libraries: SandboxLibraries = {
  lodash: readFileSync(require.resolve('lodash/lodash.min.js'), 'utf8'),
  dayjs: readFileSync(require.resolve('dayjs/dayjs.min.js'), 'utf8'),
};
