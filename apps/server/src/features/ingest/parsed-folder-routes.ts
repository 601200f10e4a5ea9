import type { parsed26asRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import { listParsedFolder, loadParsedFolder, uploadToParsedFolder } from './parsed-folder.ts';
import type { parsedIngestTask } from './parsed-folder-task.ts';

export const parsedFolderHandlers = (
  ctx: AppContext,
  store: FileStore,
  task: ReturnType<typeof parsedIngestTask>,
): Handlers<typeof parsed26asRoutes> => ({
  listParsed26asFolder: async ({ caller }) => listParsedFolder(ctx, caller),
  uploadParsed26asFolder: async ({ caller, request }) => uploadToParsedFolder(ctx, store, caller, request),
  loadParsed26asFolder: async ({ caller, body }) => loadParsedFolder(ctx, store, caller, task, body),
});
