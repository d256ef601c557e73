// The list bench's settings (list.ts, list-print.ts), from LUMA_BENCH_* variables where they are set.
import { LIST_CASES } from './list-cases';

const env = (key: string, fallback: number) => (process.env[key] ? Number(process.env[key]) : fallback);
/** LUMA_BENCH_CASES=first,range: only those cases (profiling); the first page is always measured (load). */
const WANTED = process.env.LUMA_BENCH_CASES?.split(',').map((key) => key.trim());
export const CASES = LIST_CASES.filter((c, i) => i === 0 || !WANTED || WANTED.includes(c.key));
export const SIZES = (process.env.LUMA_BENCH_SIZES ?? '100000,1000000').split(',').map((size) => Number(size.trim())).filter((size) => size > 0);
/** The other component's records in the same table. */
export const OTHERS = env('LUMA_BENCH_OTHER_RECORDS', 200_000);
/** Measured runs per case, at most; fewer for slow cases (each case gets about CASE_SECONDS). */
export const RUNS = env('LUMA_BENCH_RUNS', 200);
export const MIN_RUNS = env('LUMA_BENCH_MIN_RUNS', 7);
export const CASE_SECONDS = env('LUMA_BENCH_CASE_SECONDS', 15);
/** Warm-up rounds over every fast case first (JIT, every pooled connection, each plan). */
export const WARMUP = env('LUMA_BENCH_WARMUP', 30);
export const CLIENTS = 16;
export const LOAD_SECONDS = env('LUMA_BENCH_LOAD_SECONDS', 6);
/** PGlite: records of the same cases over HTTP (0: skipped). */
export const PGLITE_RECORDS = env('LUMA_BENCH_PGLITE_RECORDS', 100_000);
/** LUMA_BENCH_EXPLAIN=1: EXPLAIN (ANALYZE, BUFFERS) of every captured Luma statement at the largest size. */
export const EXPLAIN = process.env.LUMA_BENCH_EXPLAIN === '1';
/** Luma's pool (src/server/db/database.ts openPostgres); the bare route gets the same. */
export const POOL_SIZE = 10;
export const SLOW_MS = 50;
