import { z } from 'zod';

export const ReconciliationLog = z.object({
  timestamp: z.string(),
  transactionsCount: z.number().int(),
  userId: z.string(),
  jobType: z.string(),
  jobId: z.string(),
});

export const DashboardRaw = z.object({
  totalCustomers: z.number().int(),
  totalVendor: z.number().int(),
  totalSalesEntries: z.number().int(),
  twentySixEntriesCount: z.number().int(),
  dbSize: z.string(),
  reconciliationLogs: z.array(ReconciliationLog),
  // "2024-04" -> transactions reconciled that month
  monthly: z.record(z.string(), z.number().int()),
  perfLogSeries: z.array(z.object({ jobId: z.string(), timestamp: z.string(), seconds: z.number() })),
});
export type DashboardRaw = z.infer<typeof DashboardRaw>;

export const HelpVideo = z.object({ title: z.string(), url: z.string() });
export const HelpVideos = z.array(HelpVideo);

export const OutboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
