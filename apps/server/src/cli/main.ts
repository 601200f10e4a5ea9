export {};

// Dispatches `taxrecon <command>`; each command module keeps its own arguments.
const [command = 'serve', ...args] = process.argv.slice(2);

const io = { stdout: (s: string) => process.stdout.write(s), stderr: (s: string) => process.stderr.write(s) };

const commands: Record<string, () => Promise<number | undefined>> = {
  serve: async () => {
    await import('../main.ts');
    return undefined;
  },
  migrate: async () => {
    const { migrateCommand } = await import('./migrate.ts');
    return migrateCommand(io);
  },
  reconcile: async () => {
    const { reconcileCommand } = await import('./reconcile.ts');
    return reconcileCommand(args, io);
  },
  payable: async () => {
    const { payableCommand } = await import('./payable.ts');
    return payableCommand(args, io);
  },
  'parse-26as': async () => {
    const { parse26asCommand } = await import('./parse-26as.ts');
    return parse26asCommand(args, io);
  },
};

const run = commands[command];
if (!run) {
  io.stderr(`Unknown command '${command}'. Commands: ${Object.keys(commands).join(', ')}\n`);
  process.exit(2);
}
const code = await run();
// exitCode, not exit(): output written to a pipe must drain before the process ends.
if (code !== undefined) process.exitCode = code;
