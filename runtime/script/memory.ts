// QuickJS modules whose WebAssembly memory bounds what user code can take (docs/user-code.md "Memory").
//
// QuickJS's own limit (runtime.setMemoryLimit) does not hold in this build: without malloc_usable_size
// under Emscripten it adds 8 bytes per allocation to its total whatever the allocation's size, so it
// bounds each single allocation but never the sum (justjake/quickjs-emscripten#255, #271). What holds
// is the module's linear memory, which only grows through WebAssembly.Memory.grow:
// - its maximum is the cap (`capBytes` of heap past the module's first size): the engine refuses more;
// - before each run the run's own limit is set, and a growth past it is refused too. Emscripten's malloc
//   then answers NULL and QuickJS throws 'out of memory' at that allocation, at once.
// The module's first memory (16 MiB, the build's minimum) is mostly free heap; a ballast block takes
// all of it but FREE_HEAP_BYTES, so a run's heap, libraries included, is that plus what it may grow.
// Memory never shrinks: a module that grew is not given another run (the sandbox loads a fresh one,
// and the server's pool replaces the worker thread, which gives the memory back to the system).
import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { SCRIPT_LIMIT_BOUNDS } from './types';

const PAGE = 64 * 1024;
/** The build's declared minimum memory (256 pages); a smaller memory fails to instantiate. */
const FIRST_PAGES = 256;
/** Heap a fresh module has without growing: the smallest limit a run may ask. */
export const FREE_HEAP_BYTES = SCRIPT_LIMIT_BOUNDS.memoryBytes.min;

/** A Memory whose growth stops at the current run's limit as well as at its maximum. */
class RunLimitedMemory extends WebAssembly.Memory {
  limitBytes = Number.POSITIVE_INFINITY;
  /** A growth was refused since the last limit was set. */
  refused = false;
  override grow(delta: number): number {
    if (this.buffer.byteLength + delta * PAGE > this.limitBytes) {
      this.refused = true;
      throw new RangeError('over the run memory limit');
    }
    return super.grow(delta);
  }
}

export interface CappedModule {
  module: QuickJSWASMModule;
  /** Sets the heap the next allocations may reach (libraries included), at most the cap. */
  limit(heapBytes: number): void;
  /** Whether growth was refused since the last `limit` (the run ran out of memory). */
  readonly refused: boolean;
  /** The memory grew past its first size: the module must not serve another run. */
  readonly grown: boolean;
  /** The module's memory size now (bytes). */
  readonly bytes: number;
}

type Emscripten = { _malloc?: (size: number) => number; _free?: (pointer: number) => void };

/** Takes all the first memory's free heap but FREE_HEAP_BYTES with one block that is never freed. */
function placeBallast(module: QuickJSWASMModule, firstBytes: number): void {
  // The Emscripten module is not public API; without its malloc, limits under 16 MiB are looser.
  const emscripten = (module as unknown as { module?: Emscripten }).module;
  if (typeof emscripten?._malloc !== 'function' || typeof emscripten._free !== 'function') return;
  const probe = emscripten._malloc(64);
  if (probe === 0) return;
  emscripten._free(probe);
  const size = firstBytes - probe - FREE_HEAP_BYTES;
  if (size > 0) emscripten._malloc(size); // untouched pages: no resident memory
}

/** A QuickJS module with a memory of its own, capped at `capBytes` of heap. */
export async function newCappedModule(capBytes: number): Promise<CappedModule> {
  const firstBytes = FIRST_PAGES * PAGE;
  const maxBytes = cappedModuleBytes(capBytes);
  const memory = new RunLimitedMemory({ initial: FIRST_PAGES, maximum: maxBytes / PAGE });
  const module = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmMemory: memory }));
  placeBallast(module, firstBytes);
  return {
    module,
    limit(heapBytes) {
      memory.limitBytes = Math.min(maxBytes, cappedModuleBytes(heapBytes));
      memory.refused = false;
    },
    get refused() {
      return memory.refused;
    },
    get grown() {
      return memory.buffer.byteLength > firstBytes;
    },
    get bytes() {
      return memory.buffer.byteLength;
    },
  };
}

/** The WebAssembly memory a module may reach for `heapBytes` of heap: its first 16 MiB, plus what is past FREE_HEAP_BYTES. */
export function cappedModuleBytes(heapBytes: number): number {
  return FIRST_PAGES * PAGE + Math.ceil(Math.max(0, heapBytes - FREE_HEAP_BYTES) / PAGE) * PAGE;
}
