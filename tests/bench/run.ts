// npm run bench: figures, never a pass/fail on time. One budget is bytes, not time: the first-load
// weights (tests/bench/first-load.ts); a page over its budget makes the run exit 1.
import { printFirstLoadFigures, runFirstLoadBench } from './first-load';
import { printCompiledFigures, runCompiledBench } from './compiled';
import { printFormFigures, runFormBench } from './form/run';
import { printEventFigures, runEventsBench } from './events';
import { printFateFigures, runFateBench } from './fate';
import { runImportBench } from './import';
import { runImportRefusalBench } from './import-refusal';
import { printHistoryFigures, runHistoryBench } from './history';
import { printInstanceFigures, runInstancesBench } from './instances';
import { printListFigures, runListBench } from './list';
import { printIndexSwitchFigures, runIndexSwitchBench } from './index-switch';
import { printMediaFigures, runMediaBench } from './media';
import { printSandboxFigures, runSandboxBench } from './sandbox';
import { printScoutFigures, runScoutBench } from './scout';
import { printThunderFigures, runThunderBench } from './thunder';
import { printWorkflowFigures, runWorkflowBench } from './workflows';

const port = Number(process.env.LUMA_BENCH_PORT ?? 8191);

/**
 * `npm run bench -- first-load` prints only the first-load figures (two builds, without and with the example plugin, a server each, Chromium; exit 1 when a page is over its budget);
 * `npm run bench -- list` only the list API against its physical limit (tests/bench/list.ts);
 * `npm run bench -- import` only the import API against COPY and PGlite's own insert (tests/bench/import.ts);
 * `npm run bench -- history` only what record history's revisions cost single writes and the import, with and without them in the same run (tests/bench/history.ts);
 * `npm run bench -- workflows` only the workflow throughput (tests/bench/workflows.ts);
 * `npm run bench -- sandbox` only the user-code sandbox against isolated-vm (tests/bench/sandbox.ts);
 * `npm run bench -- media` only the media upload and download MB/s against copying the file on disk (tests/bench/media.ts);
 * `npm run bench -- events` only the event bus: events per second and delivery latency with 200 sockets against no subscriber (tests/bench/events.ts).
 * `npm run bench -- index-switch` only the self-tuning indexes' switch on unmarked fields beside the typed table (tests/bench/index-switch.ts).
 * `npm run bench -- scout` only Scout's event and API call lists at 100,000 and 1,000,000 rows (tests/bench/scout.ts).
 * `npm run bench -- compiled` only the compiled server against tsx: start-up and CPU per list request (tests/bench/compiled.ts).
 * `npm run bench -- fate` only the records' fate of a deploy: the diff from live counting 1,000,000 live records in SQL (tests/bench/fate.ts; LUMA_BENCH_FATE_RECORDS).
 * `npm run bench -- thunder` only a thunder data set's read beside the same $aggregate through the list API (tests/bench/thunder.ts; LUMA_BENCH_THUNDER_RECORDS, default 1,000,000).
 */
const only = process.argv[2];

async function main() {
  if (only === 'workflows') {
    printWorkflowFigures(await runWorkflowBench());
    return;
  }
  if (only === 'import') {
    await runImportBench(); // prints its own figures
    await runImportRefusalBench(); // prints its own figures
    return;
  }
  if (only === 'history') {
    printHistoryFigures(await runHistoryBench());
    return;
  }
  if (only === 'list') {
    printListFigures(await runListBench());
    return;
  }
  if (only === 'sandbox') {
    printSandboxFigures(await runSandboxBench());
    return;
  }
  if (only === 'media') {
    printMediaFigures(await runMediaBench());
    return;
  }
  if (only === 'events') {
    printEventFigures(await runEventsBench());
    return;
  }
  if (only === 'index-switch') {
    printIndexSwitchFigures(await runIndexSwitchBench());
    return;
  }
  if (only === 'scout') {
    printScoutFigures(await runScoutBench());
    return;
  }
  if (only === 'compiled') {
    printCompiledFigures(await runCompiledBench());
    return;
  }
  if (only === 'fate') {
    printFateFigures(await runFateBench());
    return;
  }
  if (only === 'thunder') {
    printThunderFigures(await runThunderBench());
    return;
  }
  const firstLoad = await runFirstLoadBench(port);
  printFirstLoadFigures(firstLoad);
  // Bytes are exact, so the budget is a check: the run goes on, but exits 1 at the end.
  if (firstLoad.over.length > 0) process.exitCode = 1;
  if (only === 'first-load') return;
  printFormFigures(await runFormBench());
  // PostgreSQL: DATABASE_URL, else the local server (a fresh database each, dropped afterwards).
  printListFigures(await runListBench());
  // A 1M-record component on unmarked fields: slow, then within the typed table's time once the job built the index.
  printIndexSwitchFigures(await runIndexSwitchBench());
  await runImportBench(); // prints its own figures
  await runImportRefusalBench(); // prints its own figures
  printHistoryFigures(await runHistoryBench());
  // One and two web instances on one PostgreSQL, 16 clients, same run (about 30 s).
  printInstanceFigures(await runInstancesBench());
  // Records per second with no workflow, with a Before::Create one, and after-commit runs per second.
  printWorkflowFigures(await runWorkflowBench());
  printSandboxFigures(await runSandboxBench());
  printMediaFigures(await runMediaBench());
  // Two web instances on one PostgreSQL: the same creates with 200 subscribed sockets and with none.
  printEventFigures(await runEventsBench());
  printScoutFigures(await runScoutBench());
  printCompiledFigures(await runCompiledBench());
  printThunderFigures(await runThunderBench());
  printFateFigures(await runFateBench());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
