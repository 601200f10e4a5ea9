// Entry of the training worker thread. The server runs TypeScript through
// tsx, whose loader a worker thread does not inherit; tsImport loads the
// worker's module (and what it imports) through tsx inside this thread.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.module, import.meta.url);
