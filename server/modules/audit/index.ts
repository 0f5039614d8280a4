// The audit module's face: every staff change writes its row through recordAudit, in the change's transaction;
// GET /audit-log reads them.
export { auditRoutes } from './routes';
export { commandLine, recordAudit, type Actor, type AuditChange } from './service';
