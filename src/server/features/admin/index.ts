/**
 * The owner's side as the app registers it: the guarded /api/admin scope, the audit (`app.audit`), the dashboard's
 * figures (`app.adminSummary`) and the first admin's account.
 */
export { ADMIN_ACCOUNT_NAME, type AdminAccount, ensureAdminAccount } from './admin-account.ts';
export { type Actor, type Audit, type AuditRecord, default as auditPlugin } from './audit.ts';
export { default as adminRoutes } from './routes.ts';
export { default as adminSummaryPlugin } from './summary.ts';
