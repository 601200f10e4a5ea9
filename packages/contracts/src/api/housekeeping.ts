import { isFinancialYear, MONTH_NAMES } from '@taxrecon/shared';
import { z } from 'zod';
import { defineRoute, FULL_USER, needs } from '../route.ts';

// Snapshots and Delete Data (spec part 1: Snapshot dialog, Delete Data screen,
// sections 5, 7, 8 and 9).

// --- snapshots ---

// The spec leaves the number open ("the server sets quotaReached"); see docs/decisions.md.
export const SNAPSHOT_QUOTA = 5;
export const SNAPSHOT_QUOTA_MESSAGE =
  'Your Snapshot Quota has exceeded. Please delete one or more Snapshots.';
// "taking or restoring closes the dialog and goes to /jobs/all after 3 seconds"
export const SNAPSHOT_REDIRECT_MS = 3_000;
export const SNAPSHOT_DESCRIPTION_MAX = 200;

export const SNAPSHOT_STATUSES = ['InProgress', 'Completed', 'Failed'] as const;
export const SnapshotStatus = z.enum(SNAPSHOT_STATUSES);
export type SnapshotStatus = z.infer<typeof SnapshotStatus>;

// The spec's id, description, userId and dateTimeString, plus where the snapshot
// stands: only a Completed snapshot can be restored.
export const Snapshot = z.object({
  id: z.string(),
  description: z.string(),
  userId: z.string(),
  dateTimeString: z.string(),
  status: SnapshotStatus,
  rowCount: z.number().int().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type Snapshot = z.infer<typeof Snapshot>;

export const SnapshotList = z.object({ snapshots: z.array(Snapshot), quotaReached: z.boolean() });
export type SnapshotList = z.infer<typeof SnapshotList>;

// "Snapshot description: free text; any rule: not shown." Empty is allowed.
export const TakeSnapshotRequest = z.object({
  description: z
    .string()
    .trim()
    .max(SNAPSHOT_DESCRIPTION_MAX, `Description must be at most ${SNAPSHOT_DESCRIPTION_MAX} characters`)
    .default(''),
});
export type TakeSnapshotRequest = z.input<typeof TakeSnapshotRequest>;

export const JobStarted = z.object({ message: z.string(), jobId: z.string() });
export type JobStarted = z.infer<typeof JobStarted>;

// --- delete data ---

// The delete screens' years ("8 years counted back from the current UTC year")
// are listed by the web app's financial-years module with every other year list.

// "Month options April to March, coded 04 to 12 then 01 to 03"
export const DELETE_MONTHS: readonly { value: string; label: string }[] = Array.from(
  { length: 12 },
  (_, i) => {
    const month = ((i + 3) % 12) + 1;
    return { value: String(month).padStart(2, '0'), label: MONTH_NAMES[month - 1]! };
  },
);
const MONTH_CODES = DELETE_MONTHS.map((m) => m.value) as [string, ...string[]];

// The objects of the Other Data card; 'sales' and 'purchase' need a financial year.
export const DATA_OBJECTS = [
  'sales',
  'purchase',
  '26as',
  'customermaster',
  'vendormaster',
  'vendorsectionmapping',
  'tdsreceivable',
  'tdspayable',
] as const;
export const DataObject = z.enum(DATA_OBJECTS, {
  error: `Data to delete is one of ${DATA_OBJECTS.join(', ')}`,
});
export type DataObject = z.infer<typeof DataObject>;
export const DATA_OBJECT_LABELS: Record<DataObject, string> = {
  sales: 'Sales Data',
  purchase: 'Purchase Data',
  '26as': '26AS Data',
  customermaster: 'Customer Master',
  vendormaster: 'Vendor Master',
  vendorsectionmapping: 'Vendor Section Mapping',
  tdsreceivable: 'TDS Receivable Reconciliation',
  tdspayable: 'TDS Payable Reconciliation',
};

export const DELETE_CONFIRMATION = 'cannot be recovered. Do you want to permanently delete?';
export const PAYMENTS_REQUIRED_MESSAGE = 'Please select both financial year and month.';
export const SALES_YEAR_REQUIRED_MESSAGE = 'Please choose the financial year for the sales data';
export const PURCHASE_YEAR_REQUIRED_MESSAGE = 'Please choose the financial year for the purchase data';
export const SALES_DELETED = 'All Sales Data Deleted';
export const PAYMENTS_DELETED = 'Payments Deleted';
export const PAYMENTS_DELETED_DETAIL = 'Payment data deleted successfully. Please rerun the reconciliation';
export const ALL_DATA_DELETED = 'All Data Deleted';
export const MAX_DELETE_CUSTOMERS = 5;

export const FinancialYear = z.string().trim().refine(isFinancialYear, 'Invalid financial year');
// Query values the screen leaves empty arrive as '' or not at all.
const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const DeleteSalesQuery = z.object({
  // comma-separated customer codes; none means every customer
  customers: optionalQuery(
    z
      .string()
      .max(2000)
      .transform((s) =>
        s
          .split(',')
          .map((c) => c.trim())
          .filter((c) => c !== ''),
      )
      .pipe(
        z.array(z.string()).max(MAX_DELETE_CUSTOMERS, `Choose at most ${MAX_DELETE_CUSTOMERS} customers.`),
      ),
  ),
});
export const DeleteSalesRequest = z
  .array(FinancialYear)
  .min(1, 'Please select at least one financial year.')
  .max(20);

export const DeletePaymentsQuery = z
  .object({
    financialYear: optionalQuery(z.string()),
    month: optionalQuery(z.string()),
  })
  .refine((q) => q.financialYear !== undefined && q.month !== undefined, PAYMENTS_REQUIRED_MESSAGE)
  .pipe(
    z.object({
      financialYear: FinancialYear,
      month: z.enum(MONTH_CODES, { error: 'Invalid month: expected its number, 01 to 12 (04 for April)' }),
    }),
  );

export const DeleteOtherQuery = z.object({ financialYear: optionalQuery(FinancialYear) });
export const DeleteOtherRequest = z
  .array(DataObject)
  .min(1, 'Choose at least one kind of data to delete.')
  .max(DATA_OBJECTS.length * 2);

// What was deleted, rows per table.
export const DeleteDataResponse = z.object({
  message: z.string(),
  detail: z.string().optional(),
  deleted: z.record(z.string(), z.number().int()),
});
export type DeleteDataResponse = z.infer<typeof DeleteDataResponse>;

// --- routes ---

const SnapshotIdParam = z.object({ id: z.string().uuid() });
const DATA_ADMIN = needs('DATA_ADMIN');

export const housekeepingRoutes = {
  snapshots: defineRoute({
    method: 'GET',
    path: '/snapshot/snapshots',
    access: FULL_USER,
    summary: 'Snapshots of the current entity, and whether the quota is reached',
    response: SnapshotList,
  }),
  takeSnapshot: defineRoute({
    method: 'PUT',
    path: '/snapshot/snapshot',
    access: FULL_USER,
    summary: "Start a job copying the current entity's data into a new snapshot",
    body: TakeSnapshotRequest,
    response: JobStarted,
  }),
  deleteSnapshot: defineRoute({
    method: 'DELETE',
    path: '/snapshot/snapshot/:id',
    access: FULL_USER,
    summary: 'Delete a snapshot; answers the remaining list',
    params: SnapshotIdParam,
    response: SnapshotList,
  }),
  restoreSnapshot: defineRoute({
    method: 'PUT',
    path: '/snapshot/restore/:id',
    access: FULL_USER,
    summary: "Start a job replacing the current entity's data with a snapshot",
    params: SnapshotIdParam,
    response: JobStarted,
  }),
  deleteSalesData: defineRoute({
    method: 'DELETE',
    path: '/data-admin/sales',
    access: DATA_ADMIN,
    summary: 'Delete sales entries of the given financial years, optionally of some customers only',
    query: DeleteSalesQuery,
    body: DeleteSalesRequest,
    response: DeleteDataResponse,
  }),
  deletePayments: defineRoute({
    method: 'DELETE',
    path: '/data-admin/payments',
    access: DATA_ADMIN,
    summary: 'Delete vendor payments of one month of a financial year',
    query: DeletePaymentsQuery,
    response: DeleteDataResponse,
  }),
  deleteOtherData: defineRoute({
    method: 'DELETE',
    path: '/data-admin/delete',
    access: DATA_ADMIN,
    summary: 'Delete whole kinds of data (26AS, masters, reconciliations), of one financial year where given',
    query: DeleteOtherQuery,
    body: DeleteOtherRequest,
    response: DeleteDataResponse,
  }),
} as const;
