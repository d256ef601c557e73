// Profiling aid: LUMA_BENCH_RECORDS=100000 LUMA_BENCH_RUNS=1000 node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx tests/bench/list-profile.ts
import { LIST_CASES, runListBench } from './list';
await runListBench(LIST_CASES.slice(0, 1));
