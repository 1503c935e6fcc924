export { openDomainDatabase, ormOptions } from './domain-database';
export type { Dialect, DomainDatabaseSpec, DomainOrm, OrmTuning } from './domain-database';
export { DomainEntity } from './base.entity';
export { flushClaimingUnique, isUniqueViolation } from './unique-violation';
export { forUpdate } from './row-lock';
export { createScratchPostgres, withScratchPostgres } from './scratch-database';
export { sqlEntityManager } from './sql-entity-manager';
export type { SqlEntityManager } from './sql-entity-manager';
export { OUTAGE_RETRY_AFTER_SECONDS, isDatabaseOutage } from './outage';
