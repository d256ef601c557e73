// The TypeScript lib files a script sees (SDK_LIB_FILES), bundled into the worker as text: the worker
// never fetches them from elsewhere (the CSP allows only this server).
import type { SDK_LIB_FILES } from '../../../../../runtime/script/sdk/check';
import lib0 from 'typescript/lib/lib.es5.d.ts?raw';
import lib1 from 'typescript/lib/lib.es2015.core.d.ts?raw';
import lib2 from 'typescript/lib/lib.es2015.collection.d.ts?raw';
import lib3 from 'typescript/lib/lib.es2015.iterable.d.ts?raw';
import lib4 from 'typescript/lib/lib.es2015.generator.d.ts?raw';
import lib5 from 'typescript/lib/lib.es2015.promise.d.ts?raw';
import lib6 from 'typescript/lib/lib.es2015.proxy.d.ts?raw';
import lib7 from 'typescript/lib/lib.es2015.reflect.d.ts?raw';
import lib8 from 'typescript/lib/lib.es2015.symbol.d.ts?raw';
import lib9 from 'typescript/lib/lib.es2015.symbol.wellknown.d.ts?raw';
import lib10 from 'typescript/lib/lib.es2016.array.include.d.ts?raw';
import lib11 from 'typescript/lib/lib.es2017.object.d.ts?raw';
import lib12 from 'typescript/lib/lib.es2017.string.d.ts?raw';
import lib13 from 'typescript/lib/lib.es2017.date.d.ts?raw';
import lib14 from 'typescript/lib/lib.es2018.promise.d.ts?raw';
import lib15 from 'typescript/lib/lib.es2018.regexp.d.ts?raw';
import lib16 from 'typescript/lib/lib.es2019.array.d.ts?raw';
import lib17 from 'typescript/lib/lib.es2019.object.d.ts?raw';
import lib18 from 'typescript/lib/lib.es2019.string.d.ts?raw';
import lib19 from 'typescript/lib/lib.es2020.string.d.ts?raw';
import lib20 from 'typescript/lib/lib.es2020.symbol.wellknown.d.ts?raw';
import lib21 from 'typescript/lib/lib.decorators.d.ts?raw';
import lib22 from 'typescript/lib/lib.decorators.legacy.d.ts?raw';

export const LIB_FILES: Record<(typeof SDK_LIB_FILES)[number], string> = {
  'lib.es5.d.ts': lib0,
  'lib.es2015.core.d.ts': lib1,
  'lib.es2015.collection.d.ts': lib2,
  'lib.es2015.iterable.d.ts': lib3,
  'lib.es2015.generator.d.ts': lib4,
  'lib.es2015.promise.d.ts': lib5,
  'lib.es2015.proxy.d.ts': lib6,
  'lib.es2015.reflect.d.ts': lib7,
  'lib.es2015.symbol.d.ts': lib8,
  'lib.es2015.symbol.wellknown.d.ts': lib9,
  'lib.es2016.array.include.d.ts': lib10,
  'lib.es2017.object.d.ts': lib11,
  'lib.es2017.string.d.ts': lib12,
  'lib.es2017.date.d.ts': lib13,
  'lib.es2018.promise.d.ts': lib14,
  'lib.es2018.regexp.d.ts': lib15,
  'lib.es2019.array.d.ts': lib16,
  'lib.es2019.object.d.ts': lib17,
  'lib.es2019.string.d.ts': lib18,
  'lib.es2020.string.d.ts': lib19,
  'lib.es2020.symbol.wellknown.d.ts': lib20,
  'lib.decorators.d.ts': lib21,
  'lib.decorators.legacy.d.ts': lib22,
};
