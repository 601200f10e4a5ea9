import path from 'node:path';
import { SERVER_ROOT } from './paths.ts';

export const PROCESS_ROLES = ['all', 'web', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

const roleOf = (value: string | undefined): ProcessRole => {
  if (!value) return 'all';
  const role = PROCESS_ROLES.find((r) => r === value);
  if (!role) throw new Error(`TAXRECON_ROLE must be one of ${PROCESS_ROLES.join(', ')}, not '${value}'`);
  return role;
};

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  // folder loads read from here (sub-folders 26as-raw, sales, purchase)
  ingestFolder: string;
  // PostgreSQL server; when absent the embedded PGlite under dataDir/db is used
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  adminEmail: string | null;
  adminPassword: string | null;
  // where links in e-mails point; defaults to http://localhost:PORT
  publicUrl: string;
  // secret for signed links and the captcha; generated and kept in dataDir when absent
  secret: string | null;
  webDist: string | null;
  demo: boolean;
  // the demo company's year is also reconciled and followed up on first start
  // (TAXRECON_DEMO_RECONCILIATION=false leaves that to the user)
  demoReconciliation: boolean;
  logLevel: string;
  // What this process runs: 'all' (web and job workers, the default), 'web'
  // (`serve --no-workers`: the API and the web app only) or 'worker'
  // (`taxrecon worker`: the job workers only). Split roles share one
  // PostgreSQL; the embedded database belongs to one process, so 'all' only.
  role: ProcessRole;
  // reverse proxies (addresses or CIDRs) whose X-Forwarded-For is believed;
  // empty: the client is the socket's peer, so no caller picks its own address
  trustProxy: string[];
  // The TRACES portal the TAN-PAN sync signs in to (a stand-in in tests).
  tracesUrl: string;
}

const int = (value: string | undefined, fallback: number): number => {
  const n = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isInteger(n) ? n : fallback;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const port = int(env.PORT, 8080);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    ingestFolder: path.resolve(env.INGEST_FOLDER || path.join(dataDir, 'inbox')),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'TaxRecon <no-reply@taxrecon.local>',
    adminEmail: env.TAXRECON_ADMIN_EMAIL || null,
    adminPassword: env.TAXRECON_ADMIN_PASSWORD || null,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    secret: env.TAXRECON_SECRET || null,
    webDist: env.WEB_DIST === undefined ? path.resolve(SERVER_ROOT, '../web/dist') : env.WEB_DIST || null,
    demo: env.TAXRECON_DEMO !== 'false',
    demoReconciliation: env.TAXRECON_DEMO_RECONCILIATION !== 'false',
    role: roleOf(env.TAXRECON_ROLE),
    logLevel: env.LOG_LEVEL || 'info',
    tracesUrl: (env.TRACES_URL || 'https://www.tdscpc.gov.in/app').replace(/\/$/, ''),
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a !== ''),
  };
};
