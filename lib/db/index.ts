export { openDomainDatabase, ormOptions } from './domain-database';
export type { Dialect, DomainDatabaseSpec, DomainOrm } from './domain-database';
export { DomainEntity } from './base.entity';
export { flushClaimingUnique, isUniqueViolation } from './unique-violation';
export { forUpdate } from './row-lock';
export { createScratchPostgres, withScratchPostgres } from './scratch-database';
/** The EntityManager of both our drivers: the ORM's plus SQL-level tools (query builder, native updates). */
export type { SqlEntityManager } from '@mikro-orm/knex';
