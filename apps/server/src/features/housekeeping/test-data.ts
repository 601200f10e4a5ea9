import { sql } from 'kysely';
import { ENTITY_TABLES } from '../../platform/db/entity-tables.ts';
import { eventually, type TestServer } from '../../testing/test-server.ts';

// Rows put straight into the ingested-data tables, for the housekeeping API
// tests, and an exact picture of an entity's data to compare before and after.

export const seedEntity = async (t: TestServer, entityId: string, tag: string) => {
  const db = t.server.ctx.db;
  const statement = await sql<{ id: string }>`
    INSERT INTO tax_statements (entity_id, file_name, layout, pan, financial_year, assessee_name, file_date, transaction_count, other_parts)
    VALUES (${entityId}, ${`${tag}-26as-2024.txt`}, 'current', 'AABCA1234B', '2024-25', ${`${tag} Ltd`}, '2025-05-31', 3,
            '[{"part": "PART-III", "rows": 2}]'::jsonb)
    RETURNING id`.execute(db);
  const older = await sql<{ id: string }>`
    INSERT INTO tax_statements (entity_id, file_name, financial_year, transaction_count)
    VALUES (${entityId}, ${`${tag}-26as-2023.txt`}, '2023-24', 1) RETURNING id`.execute(db);
  const current = statement.rows[0]?.id ?? '';
  const previous = older.rows[0]?.id ?? '';
  await sql`
    INSERT INTO tax_entries (entity_id, statement_id, part, financial_year, tan, deductor_name, section,
                             transaction_date, status, booking_date, remarks, amount, tax, deposited, file_name, line)
    VALUES
      (${entityId}, ${current}, 'TDS', '2024-25', 'MUMA12345B', 'Acme Buyer', '194C', '2024-04-15', 'F', '2024-05-07', NULL, 1250000.00, 25000.00, 25000.00, 'a.txt', 10),
      (${entityId}, ${current}, 'TDS', '2024-25', 'MUMA12345B', 'Acme Buyer', '194C', '2024-04-15', 'F', '2024-05-07', NULL, 1250000.00, 25000.00, 25000.00, 'a.txt', 11),
      (${entityId}, ${current}, 'TCS', '2024-25', 'DELB54321C', 'Beta Traders', '206C', '2025-03-31', 'U', NULL, 'late', 9999999999999999.99, 0.01, 0.00, 'a.txt', 12),
      (${entityId}, ${previous}, 'TDS', '2023-24', 'MUMA12345B', 'Acme Buyer', '194J', '2023-12-01', 'F', NULL, NULL, 10.10, 1.01, 1.01, 'b.txt', 5)
  `.execute(db);
  await sql`
    INSERT INTO sales_entries (entity_id, financial_year, transaction_date, original_transaction_date, customer_name,
                               customer_code, invoice_value, sale_amount, tds_rate, tds_amount, file_name, line, to_reconcile)
    VALUES
      (${entityId}, '2023-24', '2023-06-01', '2023-06-01', 'Acme Buyer', 'C001', 118000.00, 100000.00, 2.0000, 2000.00, 's.txt', 2, false),
      (${entityId}, '2023-24', '2023-07-01', '2023-07-01', 'Beta Traders', 'C002', 59000.00, 50000.00, 0.1000, 50.00, 's.txt', 3, true),
      (${entityId}, '2024-25', '2024-04-02', '2024-04-01', 'Acme Buyer', 'C001', 2360.50, 2000.42, 1.2345, 24.69, 's.txt', 4, false),
      (${entityId}, '2024-25', '2024-09-30', '2024-09-30', 'Gamma Works', 'C003', NULL, NULL, NULL, NULL, 's.txt', 5, false)
  `.execute(db);
};

// A completed TDS reconciliation of the year with two result rows (a book
// row and the 26AS credit it matched): the result rows have no entity index
// and are reached through the entity's runs (entity-tables.ts).
export const seedReconRun = async (
  t: TestServer,
  entityId: string,
  financialYear: string,
): Promise<string> => {
  const db = t.server.ctx.db;
  const job = await sql<{ id: string }>`
    INSERT INTO jobs (entity_id, job_type, status, progress)
    VALUES (${entityId}, 'TDS Reconciliation', 'Completed', 100) RETURNING id`.execute(db);
  const jobId = job.rows[0]?.id ?? '';
  await sql`
    INSERT INTO recon_runs (job_id, entity_id, kind, financial_year, match_mode, status, book_rows, tax_book_rows, parties,
                            created_by_login)
    VALUES (${jobId}, ${entityId}, 'TDS', ${financialYear}, 'TaxOrSaleAmount', 'Completed', 1, 1, 1, 'admin')`.execute(
    db,
  );
  await sql`
    INSERT INTO recon_rows (job_id, entity_id, financial_year, party, side, ord, ref, txn_date, name, tan,
                            amount, tax, resolved_by, brought_forward, carried_forward, match_no, rule, claimable)
    VALUES
      (${jobId}, ${entityId}, ${financialYear}, 0, 'B', 0, 'INV-1', '2024-04-15', 'Acme Buyer', 'MUMA12345B',
       1250000.00, 25000.00, 'tan', false, false, 0, 'exact', true),
      (${jobId}, ${entityId}, ${financialYear}, 0, 'T', 0, 'a.txt:10', '2024-04-15', 'Acme Buyer', 'MUMA12345B',
       1250000.00, 25000.00, 'tan', false, false, 0, 'exact', true)`.execute(db);
  return jobId;
};

// Every ENTITY_TABLES row of the entity as PostgreSQL's JSON text, sorted: equal
// pictures mean the data is exactly the same, to the microsecond and the paisa.
export const pictureOf = async (t: TestServer, entityId: string): Promise<Record<string, string[]>> => {
  const picture: Record<string, string[]> = {};
  for (const table of ENTITY_TABLES) {
    const { rows } = await sql<{ line: string }>`
      SELECT row_to_json(t)::text AS line FROM ${sql.table(table.name)} AS t
      WHERE ${sql.raw(table.scope.replaceAll('$1', `'${entityId}'::uuid`))}
      ORDER BY 1`.execute(t.server.ctx.db);
    picture[table.name] = rows.map((r) => r.line);
  }
  return picture;
};

export const rowCount = (picture: Record<string, string[]>): number =>
  Object.values(picture).reduce((sum, rows) => sum + rows.length, 0);

export const finishedJob = async (t: TestServer, token: string, jobId: string) =>
  eventually(async () => {
    const job = (await t.api('GET', `/job/${jobId}`, { token })).json as {
      status: string;
      progress: number;
      remarks: string | null;
      failureReason: string | null;
    };
    return job.status === 'Completed' || job.status === 'Failed' ? job : null;
  }, 30_000);
