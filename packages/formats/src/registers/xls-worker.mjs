// Parses a legacy .xls workbook off the main thread, so a crafted file that
// makes the parser spin or balloon is stopped by the caller's time and memory
// limits instead of stalling the server. Plain JavaScript: a worker does not
// go through the TypeScript loader. Answers with the sheet's cells as they are.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

const { bytes, sheet } = workerData;
const workbook = XLSX.read(bytes, { type: 'buffer', cellNF: true, cellDates: false });
const name = sheet ?? workbook.SheetNames[0];
const worksheet = name === undefined ? undefined : workbook.Sheets[name];
parentPort.postMessage({
  worksheet: worksheet ?? null,
  date1904: workbook.Workbook?.WBProps?.date1904 === true,
});
