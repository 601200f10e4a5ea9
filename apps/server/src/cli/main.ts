import { MIGRATE_USAGE, PAYABLE_USAGE, RECONCILE_USAGE, SERVE_USAGE, WORKER_USAGE } from './usage.ts';

// Dispatches `taxrecon <command>`; each command module keeps its own arguments.
const [command = 'serve', ...args] = process.argv.slice(2);

const io = { stdout: (s: string) => process.stdout.write(s), stderr: (s: string) => process.stderr.write(s) };

// A command that takes no option but these refuses any other, with its usage.
const refuseOptions = (allowed: readonly string[], usage: string): boolean => {
  const unknown = args.filter((a) => !allowed.includes(a));
  if (unknown.length > 0) io.stderr(`Unknown option '${unknown[0]}'.\n${usage}`);
  return unknown.length > 0;
};

const commands: Record<string, () => Promise<number | undefined>> = {
  serve: async () => {
    if (refuseOptions(['--no-workers'], SERVE_USAGE)) return 2;
    if (args.includes('--no-workers')) process.env.TAXRECON_ROLE = 'web';
    await import('../main.ts');
    return undefined;
  },
  worker: async () => {
    if (refuseOptions([], WORKER_USAGE)) return 2;
    process.env.TAXRECON_ROLE = 'worker';
    await import('../main.ts');
    return undefined;
  },
  migrate: async () => {
    if (refuseOptions([], MIGRATE_USAGE)) return 2;
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

const HELP = `usage: taxrecon [command] [options]

  serve        start the web app and its job workers (the default);
               --no-workers serves the web app and API only (PostgreSQL)
  worker       run only the job workers, beside web processes (PostgreSQL)
  migrate      apply pending database migrations and exit
  reconcile    reconcile a sales or purchase book against 26AS files
  payable      compute TDS payable (34A) from expense ledgers
  parse-26as   read 26AS text files into csv

Run \`taxrecon <command> --help\` for a command's options.
`;
if (command === '--help' || command === '-h' || command === 'help') {
  io.stdout(HELP);
  process.exit(0);
}

const run = commands[command];
if (!run) {
  io.stderr(`Unknown command '${command}'. Commands: ${Object.keys(commands).join(', ')}\n`);
  process.exit(2);
}
// `taxrecon <command> --help`: the command's usage, and nothing run
// (parse-26as reads its own options, --help among them)
const USAGES: Record<string, string> = {
  serve: SERVE_USAGE,
  worker: WORKER_USAGE,
  migrate: MIGRATE_USAGE,
  reconcile: RECONCILE_USAGE,
  payable: PAYABLE_USAGE,
};
const usage = USAGES[command];
if (usage && (args.includes('--help') || args.includes('-h'))) {
  io.stdout(usage);
  process.exit(0);
}
const code = await run();
// exitCode, not exit(): output written to a pipe must drain before the process ends.
if (code !== undefined) process.exitCode = code;
