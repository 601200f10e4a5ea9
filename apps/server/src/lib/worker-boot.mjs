// Entry of a pool thread run from TypeScript sources: tsx's loader is not
// inherited by worker threads, so tsImport loads the thread's modules through
// tsx inside this thread. The compiled build starts pool-worker.mjs instead.
import { tsImport } from 'tsx/esm/api';

await tsImport(new URL('./pool-worker.ts', import.meta.url).href, import.meta.url);
