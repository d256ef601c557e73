// Profiling aid: LUMA_BENCH_SIZES=100000 LUMA_BENCH_CASES=first LUMA_BENCH_RUNS=1000 LUMA_BENCH_PGLITE_RECORDS=0 node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx tests/bench/list-profile.ts
import { runListBench } from './list';
await runListBench();
