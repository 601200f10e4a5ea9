import { z } from 'zod';
import { DataBoolean, DataString, Message, Outcome } from '../common.ts';
import { defineRoute, FULL_USER, needs, PUBLIC, SIGNED_IN } from '../route.ts';
import { challanAllocationRoutes } from './challan-allocation.ts';
import { challanRoutes } from './challans.ts';
import { classificationRoutes } from './classification.ts';
import { DashboardRaw, HelpVideos, OutboxMessage } from './dashboard.ts';
import { documentRoutes } from './documents.ts';
import {
  AdminUser,
  CreateLegalEntityRequest,
  CreateUserRequest,
  EntityListItem,
  LegalEntity,
  UpdateUserRequest,
} from './entities.ts';
import { followUpRoutes } from './follow-ups.ts';
import { form26qRoutes } from './form26q.ts';
import { housekeepingRoutes } from './housekeeping.ts';
import { ingestRoutes, parsed26asRoutes } from './ingest.ts';
import { DataQualityJob, Job, JobList } from './jobs.ts';
import { linkageRoutes } from './linkage.ts';
import { masterDataRoutes } from './master-data.ts';
import { payableRoutes } from './payable.ts';
import { payableAdjustmentRoutes } from './payable-adjustments.ts';
import { payableDataRoutes } from './payable-data.ts';
import { payableGlSuggestionRoutes } from './payable-gl-suggestions.ts';
import { reconciliationRoutes } from './reconciliation.ts';
import { reportRoutes } from './reports.ts';
import { searchRoutes } from './search.ts';
import { sectionRulesRoutes } from './section-rules.ts';
import {
  AllTotalsResponse,
  CaptchaChallenge,
  ChangePasswordRequest,
  ForgetChangePasswordRequest,
  LicenseResponse,
  LoginRequest,
  LoginResponse,
  Me,
  RegisterRequest,
  RegistrationRequest,
  UpdateLastLoginRequest,
  VersionResponse,
} from './session.ts';
import { smartFilterRoutes } from './smart-filters.ts';
import { manualReconRoutes, smartReconRoutes } from './smart-recon.ts';
import { templateRoutes } from './templates.ts';
import { utilityRoutes } from './utilities.ts';

const UserName = z.object({ userName: z.string().min(1).max(254) });
const LinkParams = z.object({ userId: z.string().min(1).max(254), hash: z.string().min(1).max(200) });
const JobIdParam = z.object({ jobId: z.string().uuid() });

// The API of spec part 1 section 7 (session, registration, entities, jobs,
// dashboards, licence, administration). Each route names who may call it; the
// server registers handlers against this table and the authorization test
// walks it, so a route added here is enforced and tested without more wiring.
export const platformRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/login',
    access: PUBLIC,
    summary: 'Sign in',
    body: LoginRequest,
    response: LoginResponse,
  }),
  updateLastLogin: defineRoute({
    method: 'PUT',
    path: '/updateLastLogin',
    access: SIGNED_IN,
    summary: 'Record the last sign-in time',
    body: UpdateLastLoginRequest,
    response: Message,
  }),
  logout: defineRoute({
    method: 'GET',
    path: '/logout/:token',
    access: PUBLIC,
    summary: 'End a session',
    params: z.object({ token: z.string().min(1).max(200) }),
    response: Message,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/session/me',
    access: SIGNED_IN,
    summary: 'The signed-in user',
    response: Me,
  }),
  version: defineRoute({
    method: 'GET',
    path: '/config/version',
    access: PUBLIC,
    summary: 'Build version',
    response: VersionResponse,
  }),
  allTotals: defineRoute({
    method: 'GET',
    path: '/config/all-totals',
    access: PUBLIC,
    summary: 'Rupees reconciled and customers so far, for the sign-in page',
    response: AllTotalsResponse,
  }),
  license: defineRoute({
    method: 'GET',
    path: '/license/license',
    access: SIGNED_IN,
    summary: 'Licence',
    response: LicenseResponse,
  }),
  changePassword: defineRoute({
    method: 'PUT',
    path: '/change-password',
    access: SIGNED_IN,
    summary: 'Change own password',
    body: ChangePasswordRequest,
    response: Outcome,
  }),

  captcha: defineRoute({
    method: 'GET',
    path: '/captcha/challenge',
    access: PUBLIC,
    summary: 'Proof-of-work captcha challenge',
    response: CaptchaChallenge,
  }),
  checkUserExist: defineRoute({
    method: 'GET',
    path: '/check-user-exist/:userName',
    access: PUBLIC,
    summary: 'Is this login name free to register (true) or taken (false)',
    params: UserName,
    response: DataBoolean,
  }),
  checkUserSession: defineRoute({
    method: 'GET',
    path: '/check-user-session/:userName',
    access: PUBLIC,
    summary: 'Is a registration link pending for this login name',
    params: UserName,
    response: DataBoolean,
  }),
  generateRegistrationLink: defineRoute({
    method: 'POST',
    path: '/generate-registration-link/:userName',
    access: PUBLIC,
    summary: 'E-mail a registration link',
    params: UserName,
    body: RegistrationRequest,
    response: Message,
  }),
  verifyRegistrationLink: defineRoute({
    method: 'GET',
    path: '/verify-registration-link/:userId/:hash',
    access: PUBLIC,
    summary: 'Check a registration link',
    params: LinkParams,
    response: DataString,
  }),
  register: defineRoute({
    method: 'POST',
    path: '/register',
    access: PUBLIC,
    summary: 'Complete a registration with its link',
    body: RegisterRequest,
    response: Outcome,
  }),
  generateResetPasswordLink: defineRoute({
    method: 'GET',
    path: '/generate-reset-password-link/:userId',
    access: PUBLIC,
    summary: 'E-mail a password reset link',
    params: z.object({ userId: z.string().min(1).max(254) }),
    response: Message,
  }),
  verifyResetPasswordLink: defineRoute({
    method: 'GET',
    path: '/verify-reset-password-link/:userId/:hash',
    access: PUBLIC,
    summary: 'Check a reset link',
    params: LinkParams,
    response: DataString,
  }),
  forgetChangePassword: defineRoute({
    method: 'PUT',
    path: '/forget-change-password',
    access: PUBLIC,
    summary: 'Set a new password with a reset link',
    body: ForgetChangePasswordRequest,
    response: Outcome,
  }),

  entities: defineRoute({
    method: 'GET',
    path: '/entities',
    access: SIGNED_IN,
    summary: 'Entities the user may work in',
    response: z.array(EntityListItem),
  }),
  switchEntity: defineRoute({
    method: 'PUT',
    path: '/entity/:id/:subGroupId',
    access: SIGNED_IN,
    summary: 'Make an entity current',
    params: z.object({ id: z.string().uuid(), subGroupId: z.string().max(50) }),
    response: Message,
  }),

  latestJobs: defineRoute({
    method: 'GET',
    path: '/job/latest-jobs-queue',
    access: SIGNED_IN,
    summary: 'Latest jobs of the current entity',
    response: JobList,
  }),
  jobsQueue: defineRoute({
    method: 'GET',
    path: '/job/jobs-queue',
    access: SIGNED_IN,
    summary: 'Jobs of the current entity',
    response: JobList,
  }),
  job: defineRoute({
    method: 'GET',
    path: '/job/:jobId',
    access: SIGNED_IN,
    summary: 'One job',
    params: JobIdParam,
    response: Job,
  }),
  notifPreference: defineRoute({
    method: 'PUT',
    path: '/job/notif-preference/:jobId/:notify',
    access: SIGNED_IN,
    summary: 'E-mail me when this job finishes',
    params: z.object({ jobId: z.string().uuid(), notify: z.enum(['true', 'false']) }),
    response: Message,
  }),
  dataQualityReport: defineRoute({
    method: 'POST',
    path: '/job/data-quality-report',
    access: FULL_USER,
    summary: 'Start a data-quality report job for the current entity',
    response: Job,
  }),

  dashboardRaw: defineRoute({
    method: 'GET',
    path: '/dashboard/dashboard-raw',
    access: FULL_USER,
    summary: 'Home dashboard figures',
    response: DashboardRaw,
  }),
  dataQualityJobs: defineRoute({
    method: 'GET',
    path: '/data-quality/ingest-jobs-with-data-validation-errors',
    access: FULL_USER,
    summary: 'Ingest jobs with invalid rows',
    response: z.array(DataQualityJob),
  }),
  helpVideos: defineRoute({
    method: 'GET',
    path: '/help/help-videos',
    access: SIGNED_IN,
    summary: 'Help videos',
    response: HelpVideos,
  }),

  legalEntities: defineRoute({
    method: 'GET',
    path: '/legal-entities',
    access: needs('MANAGE_ENTITIES'),
    summary: 'Legal entities of the tenant',
    response: z.array(LegalEntity),
  }),
  usersByTenant: defineRoute({
    method: 'GET',
    path: '/users-by-tenant',
    access: needs('MANAGE_ENTITIES'),
    summary: 'Users of the tenant',
    response: z.array(AdminUser),
  }),
  createUser: defineRoute({
    method: 'POST',
    path: '/create-user',
    access: needs('MANAGE_ENTITIES'),
    summary: 'Create a user',
    body: CreateUserRequest,
    response: Outcome,
  }),
  updateUser: defineRoute({
    method: 'PUT',
    path: '/update-user',
    access: needs('MANAGE_ENTITIES'),
    summary: "Change a user's names and entities",
    body: UpdateUserRequest,
    response: Outcome,
  }),
  deleteUser: defineRoute({
    method: 'DELETE',
    path: '/delete-user/:id',
    access: needs('MANAGE_ENTITIES'),
    summary: 'Delete a user',
    params: z.object({ id: z.string().min(1).max(254) }),
    response: Outcome,
  }),
  createLegalEntity: defineRoute({
    method: 'PUT',
    path: '/legal-entity',
    access: needs('MANAGE_ENTITIES'),
    summary: 'Create a legal entity',
    body: CreateLegalEntityRequest,
    response: LegalEntity,
  }),
  entityDesc: defineRoute({
    method: 'PUT',
    path: '/entity-desc-for-tenant/:entityId',
    access: needs('MANAGE_ENTITIES'),
    summary: 'Rename an entity',
    params: z.object({ entityId: z.string().uuid() }),
    query: z.object({ entityDesc: z.string().trim().min(1, 'Entity name is required').max(200) }),
    response: Message,
  }),
  entityPan: defineRoute({
    method: 'PUT',
    path: '/pan-for-tenant/:entityId/:pan',
    access: needs('MANAGE_ENTITIES'),
    summary: "Set an entity's PAN",
    params: z.object({ entityId: z.string().uuid(), pan: z.string().max(20) }),
    response: Message,
  }),
  outbox: defineRoute({
    method: 'GET',
    path: '/admin/outbox',
    access: needs('ADMIN_OPERATIONS'),
    summary: 'E-mails kept because no SMTP server is configured',
    response: z.array(OutboxMessage),
  }),
} as const;

// Every route of the API. Later areas add their tables here; the server binds
// this and the authorization test walks it.
export const apiRoutes = {
  ...platformRoutes,
  ...ingestRoutes,
  ...parsed26asRoutes,
  ...templateRoutes,
  ...searchRoutes,
  ...masterDataRoutes,
  ...housekeepingRoutes,
  ...reconciliationRoutes,
  ...documentRoutes,
  ...utilityRoutes,
  ...payableDataRoutes,
  ...sectionRulesRoutes,
  ...payableRoutes,
  ...payableGlSuggestionRoutes,
  ...classificationRoutes,
  ...followUpRoutes,
  ...smartFilterRoutes,
  ...linkageRoutes,
  ...smartReconRoutes,
  ...manualReconRoutes,
  ...challanRoutes,
  ...challanAllocationRoutes,
  ...payableAdjustmentRoutes,
  ...form26qRoutes,
  ...reportRoutes,
} as const;
