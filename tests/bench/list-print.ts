// The list bench's report (list.ts): its tables, verdicts and the statements it captured, printed.
import os from 'node:os';
import type { CaseFigures, ListBenchFigures } from './list';
import type { Timing } from './list-measure';
import { CLIENTS, LOAD_SECONDS, OTHERS, POOL_SIZE } from './list-settings';

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const times = (a: number, b: number) => `${(a / b).toFixed(a / b >= 10 ? 0 : 2)}x`;
const plus = (a: number, b: number) => `${a - b >= 0 ? '+' : ''}${(a - b).toFixed(2)}`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length)));
  return rows.map((row, r) => {
    const line = row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  ');
    return r === 0 ? `${line}\n${'-'.repeat(line.length)}` : line;
  }).join('\n');
}

/** The statements apart, page / count (what the bounded total costs against the page). */
function split(timing: Timing, roles: string[]): string {
  const page = timing.parts.filter((_, i) => roles[i] === 'page').reduce((a, b) => a + b, 0);
  const count = timing.parts.filter((_, i) => roles[i] === 'count').reduce((a, b) => a + b, 0);
  return roles.includes('page') ? `${ms(page)} / ${ms(count)}` : `- / ${ms(count)}`;
}

function verdict(f: CaseFigures): string {
  const roles = f.statements.map((statement) => statement.role);
  const ok = (met: boolean) => (met ? 'met' : 'MISSED');
  const t = f.target;
  if (t.kind === 'near') {
    const sql = f.lumaSql.p50 - f.typedSql.p50;
    const http = f.lumaHttp.p50 - f.bareHttp.p50;
    return `within ${t.ms} ms of the typed table: SQL ${plus(f.lumaSql.p50, f.typedSql.p50)} ms ${ok(sql <= t.ms)}, HTTP ${plus(f.lumaHttp.p50, f.bareHttp.p50)} ms ${ok(http <= t.ms)}`;
  }
  if (t.kind === 'ratio') {
    const sql = f.lumaSql.p50 / f.typedSql.p50;
    const http = f.lumaHttp.p50 / f.bareHttp.p50;
    return `within ${t.times}x of the typed table: SQL ${times(f.lumaSql.p50, f.typedSql.p50)} ${ok(sql <= t.times)}, HTTP ${times(f.lumaHttp.p50, f.bareHttp.p50)} ${ok(http <= t.times)}`;
  }
  const page = f.lumaSql.parts.filter((_, i) => roles[i] === 'page').reduce((a, b) => a + b, 0);
  const count = f.lumaSql.parts.filter((_, i) => roles[i] === 'count').reduce((a, b) => a + b, 0);
  return (
    `count statement no dearer than the page statement: ${ms(count)} vs ${ms(page)} ms ${ok(count <= page)}; ` +
    `over HTTP with the total kept ${ms(f.lumaHttp.p50)} ms, counted ${ms(f.lumaHttpCounted.p50)} ms`
  );
}

/**
 * Growth under 2x for a case an index serves. Where the typed table's own plan grows 2x or more, the
 * result itself grows with the data (a search whose matches grow tenfold): Luma is then held to the
 * typed table's growth (within a quarter) instead.
 */
function growthVerdict(indexed: boolean, sql: number, http: number, typed: number): string {
  if (!indexed) return 'n/a (counts every record)';
  if (sql < 2 && http < 2) return 'met';
  if (typed >= 2) return sql <= typed * 1.25 ? `met: grows as the typed table (${typed.toFixed(2)}x), its result grows` : 'MISSED';
  return 'MISSED';
}

export function printListFigures(figures: ListBenchFigures): void {
  const load = figures.loadavg.map((n) => n.toFixed(2)).join(' ');
  console.log(`\nList API against the physical limit (issue 12): ${figures.started.toISOString()}, loadavg ${load}, ${os.cpus().length} cores, PostgreSQL ${figures.pgVersion}`);
  console.log(
    `records: ${figures.sizes.map((size) => `${size.records.toLocaleString('en')}`).join(' and ')} of a 10-field component, beside ${OTHERS.toLocaleString('en')} of another component in the same table; ` +
      `typed table bench_typed with the same rows (b-trees on title, name, status, (amount, seq), (created_at, seq), seq being the insertion order as in Luma; trigram GIN on title and code; unique code)`,
  );
  console.log('p50 in ms. typed SQL and Luma SQL: the statements sent one after the other on one connection (Luma\'s as captured from its server); bare HTTP: the typed statements behind a bare Fastify route; Luma HTTP: the list API with a session (a total kept from the previous call of the same filter); Luma HTTP counted: the same with every total counted.');
  for (const size of figures.sizes) {
    console.log(`\n${size.records.toLocaleString('en')} records (+${size.others.toLocaleString('en')} other), loadavg ${size.loadavg.map((n) => n.toFixed(2)).join(' ')} when measured`);
    const rows: string[][] = [['case', 'runs', 'typed SQL', 'page/count', 'Luma SQL', 'page/count', 'SQL diff', 'SQL ratio', 'bare HTTP', 'Luma HTTP', 'HTTP diff', 'HTTP ratio', 'Luma HTTP p95', 'Luma HTTP counted']];
    for (const f of size.cases) {
      rows.push([
        f.name,
        String(f.runs),
        ms(f.typedSql.p50),
        split(f.typedSql, f.typedRoles),
        ms(f.lumaSql.p50),
        split(f.lumaSql, f.statements.map((statement) => statement.role)),
        plus(f.lumaSql.p50, f.typedSql.p50),
        times(f.lumaSql.p50, f.typedSql.p50),
        ms(f.bareHttp.p50),
        ms(f.lumaHttp.p50),
        plus(f.lumaHttp.p50, f.bareHttp.p50),
        times(f.lumaHttp.p50, f.bareHttp.p50),
        ms(f.lumaHttp.p95),
        ms(f.lumaHttpCounted.p50),
      ]);
    }
    console.log(table(rows));
    for (const f of size.cases) {
      console.log(`  ${f.name}: ${verdict(f)}${f.warnings.length ? ` (ANSWERS DISAGREE: ${f.warnings.join('; ')})` : ''}`);
    }
    const bounded = size.cases.filter((f) => !f.key.startsWith('exact'));
    const dearer = bounded.filter((f) => {
      const roles = f.statements.map((statement) => statement.role);
      const part = (role: string) => f.lumaSql.parts.filter((_, i) => roles[i] === role).reduce((a, b) => a + b, 0);
      return part('count') > part('page');
    });
    console.log(`  bounded total dearer than its page in ${dearer.length} of ${bounded.length} cases${dearer.length ? `: ${dearer.map((f) => f.name).join(', ')}` : ''}`);
    const c = size.concurrency;
    console.log(
      `  ${CLIENTS} clients, first page, ${LOAD_SECONDS} s each: Luma ${c.luma.toFixed(0)} requests/s, bare route ${c.bare.toFixed(0)} requests/s (pool of ${POOL_SIZE} each): ` +
        `${((c.luma / c.bare) * 100).toFixed(0)}% of the bare route; target 60%: ${c.luma >= 0.6 * c.bare ? 'met' : 'MISSED'}${c.errors ? ` (${c.errors} failed requests)` : ''}`,
    );
    console.log(`  fixed costs: ${size.fixed.map((f) => `${f.name} ${ms(f.p50)} ms`).join('; ')}`);
  }

  if (figures.sizes.length > 1) {
    const small = figures.sizes[0]!;
    const large = figures.sizes[figures.sizes.length - 1]!;
    console.log(`\nGrowth, p50 at ${large.records.toLocaleString('en')} / p50 at ${small.records.toLocaleString('en')} (target under 2x for the cases an index can serve)`);
    const rows: string[][] = [['case', 'typed SQL', 'Luma SQL', 'bare HTTP', 'Luma HTTP', 'target']];
    for (const f of large.cases) {
      const s = small.cases.find((candidate) => candidate.key === f.key)!;
      const sql = f.lumaSql.p50 / s.lumaSql.p50;
      const http = f.lumaHttp.p50 / s.lumaHttp.p50;
      rows.push([
        f.name,
        times(f.typedSql.p50, s.typedSql.p50),
        times(f.lumaSql.p50, s.lumaSql.p50),
        times(f.bareHttp.p50, s.bareHttp.p50),
        times(f.lumaHttp.p50, s.lumaHttp.p50),
        growthVerdict(f.indexed, sql, http, f.typedSql.p50 / s.typedSql.p50),
      ]);
    }
    console.log(table(rows));
  }

  const lite = figures.pglite;
  if (lite) {
    const onPg = figures.sizes.find((size) => size.records === lite.records);
    console.log(`\nPGlite (embedded, in memory), ${lite.records.toLocaleString('en')} records (+${lite.others.toLocaleString('en')} other), over HTTP; statistics only as Luma's deploy leaves them (no ANALYZE by the bench)`);
    const rows: string[][] = [['case', 'runs', 'PGlite HTTP p50', 'p95', onPg ? 'PostgreSQL HTTP p50' : '(no PostgreSQL run at this size)', 'ratio', 'target 3x']];
    for (const c of lite.cases) {
      const same = onPg?.cases.find((candidate) => candidate.key === c.key);
      rows.push([
        c.name,
        String(c.runs),
        ms(c.http.p50),
        ms(c.http.p95),
        same ? ms(same.lumaHttp.p50) : '',
        same ? times(c.http.p50, same.lumaHttp.p50) : '',
        same ? (c.http.p50 <= 3 * same.lumaHttp.p50 ? 'met' : 'MISSED') : '',
      ]);
    }
    console.log(table(rows));
    for (const c of lite.cases) if (c.warnings.length) console.log(`  ${c.name}: ANSWERS DISAGREE: ${c.warnings.join('; ')}`);
  }

  const largest = figures.sizes[figures.sizes.length - 1];
  if (largest && process.env.LUMA_BENCH_SHOW_SQL === '1') {
    console.log('\nLuma statements as captured (largest size):');
    for (const f of largest.cases) for (const statement of f.statements) console.log(`  ${f.name} [${statement.role}]: ${statement.text}`);
  }
  if (largest?.explain.length) console.log(`\nEXPLAIN (ANALYZE, BUFFERS) at ${largest.records.toLocaleString('en')} records:\n${largest.explain.join('\n\n')}`);
}
