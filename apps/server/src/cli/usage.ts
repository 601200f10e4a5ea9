// Each command's usage, in one small module: `taxrecon <command> --help`
// prints it without loading the command (nor running it: `migrate --help`
// migrated and `worker --help` started the workers before).

export const SERVE_USAGE = `usage: taxrecon serve [--no-workers]

Starts the web app and its API on PORT (8080), and the job workers unless
--no-workers is given (then run \`taxrecon worker\` beside it, on PostgreSQL).
The database is DATABASE_URL, or the embedded one in DATA_DIR (./data).
`;

export const WORKER_USAGE = `usage: taxrecon worker

Runs only the job workers, against the PostgreSQL database at DATABASE_URL
shared with web processes started by \`taxrecon serve --no-workers\`.
`;

export const MIGRATE_USAGE = `usage: taxrecon migrate

Applies the pending database migrations to DATABASE_URL (or the embedded
database in DATA_DIR) and exits.
`;

export const RECONCILE_USAGE = `usage: taxrecon reconcile tds|tcs --fy 2024-25 --book FILE [--book FILE...] --26as FILE [--26as FILE...]
    [--customers FILE] [--mapping FILE] [--password DDMMYYYY]
    [--mode TaxOrSaleAmount|TaxAndSaleAmount|TaxOnly|SaleAmountOnly]
    [--tolerance RUPEES] [--tolerance-total RUPEES] [--tolerance-amount-total RUPEES]
    --out result.json [--xlsx report.xlsx]
`;

export const PAYABLE_USAGE = `usage: taxrecon payable --fy 2024-25 --ledger FILE [--ledger FILE...] --vendors FILE
    [--vendor-sections FILE] [--expense-sections FILE] [--section-types FILE]
    [--rules FILE] [--interest-as-of YYYY-MM-DD] --out result.json [--xlsx report.xlsx]
`;
