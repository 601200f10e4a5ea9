import fs from 'node:fs';
import path from 'node:path';

// The server package's folder (the one holding migrations/), found from where
// this code runs: apps/server/src/platform when run as TypeScript, or
// apps/server/dist when run from the compiled build, so paths to migrations
// and the web build hold in both.
const findServerRoot = (start: string): string => {
  let dir = start;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'migrations')) && fs.existsSync(path.join(dir, 'package.json')))
      return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`cannot find the server's migrations folder above ${start}`);
    dir = up;
  }
};

export const SERVER_ROOT = findServerRoot(import.meta.dirname);
