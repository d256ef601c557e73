// Only the list benchmark: `npx tsx tests/bench/list-only.ts` (LUMA_BENCH_RECORDS sets the size).
import { LIST_CASES, printListFigures, runListBench } from './list';

printListFigures(await runListBench(LIST_CASES));
