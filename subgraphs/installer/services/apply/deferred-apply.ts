import { raw } from '@mikro-orm/core';
import type { Logger } from '../../../../lib/logging';
import type { DomainOrm, SqlEntityManager } from '../../../../lib/db';
import { sqlEntityManager } from '../../../../lib/db';
import { InstalledModule, ModuleMember, ModuleText } from '../../entities';
import { createModelTable } from '../tables/model-columns';
import { tableName, type ModuleSql } from '../tables/module-sql';
import { storedValue } from '../records/record-values';
import { takeModuleChangesLock } from './installer-lock';

/**
 * The deferred step of an install (installer.md): build the tables, load the seed and the texts,
 * make the admin the top-role member, mark the module live — all in one transaction, so a module
 * is never half-live. A failure leaves it pending with its error, to be tried again at the next
 * start. Instances take the module-changes lock first: one applies, the others wait and then
 * find the module live.
 */
export class DeferredApply {
  private running?: Promise<void>;

  constructor(
    private readonly orm: DomainOrm,
    private readonly sql: ModuleSql,
    private readonly logger: Logger,
  ) {}

  /** Applies every pending install, oldest first; concurrent calls in one process share one run. */
  applyPending(): Promise<void> {
    this.running ??= this.applyAll().finally(() => (this.running = undefined));
    return this.running;
  }

  private async applyAll(): Promise<void> {
    const em = sqlEntityManager(this.orm.em.fork());
    const pending = await em.find(InstalledModule, { state: 'pending' }, { orderBy: { requestedAt: 'asc' }, fields: ['module'] });
    for (const { module } of pending) await this.applyOne(module);
  }

  private async applyOne(module: string): Promise<void> {
    try {
      const applied = await sqlEntityManager(this.orm.em.fork()).transactional(async (em) => {
        await takeModuleChangesLock(em);
        const install = await em.findOne(InstalledModule, { module }, { refresh: true });
        if (!install || install.state !== 'pending') return false;
        await this.build(em, install);
        install.state = 'live';
        install.liveAt = new Date();
        install.lastError = undefined;
        install.attempts += 1;
        return true;
      });
      if (applied) this.logger.info({ module }, 'installed module is live');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.error({ module, err: error }, 'deferred install failed; it stays pending');
      await sqlEntityManager(this.orm.em.fork())
        .createQueryBuilder(InstalledModule)
        .update({ lastError: message.slice(0, 2000), attempts: raw('attempts + 1') })
        .where({ module, state: 'pending' })
        .execute();
    }
  }

  private async build(em: SqlEntityManager, install: InstalledModule): Promise<void> {
    const { models, seed, locales, manifest } = install.contents;
    // A knex schema builder gathers statements and runs them all on await: one per table.
    for (const model of models.models) await createModelTable(this.sql.schemaBuilder(em), tableName(install.module, model.name), model, this.sql.dialect);
    const now = new Date().toISOString();
    for (const model of models.models) {
      const rows = (seed[model.name] ?? []).map((row) => {
        const stored: Record<string, unknown> = { created_at: now, updated_at: now };
        for (const field of model.fields) {
          const value = Object.hasOwn(row, field.name) ? row[field.name] : field.default;
          if (value !== undefined) stored[field.name] = storedValue(field, value, this.sql.dialect);
        }
        return stored;
      });
      // One row at a time keeps ids in seed order: a seeded ref names its target by position.
      for (const row of rows) await this.sql.table(em, tableName(install.module, model.name)).insert(row);
    }
    for (const [language, texts] of Object.entries(locales)) {
      for (const [key, text] of Object.entries(texts)) em.persist(new ModuleText(install.module, language, key, text));
    }
    if (install.adminUserId) {
      const top = [...manifest.roles].sort((a, b) => b.rank - a.rank)[0];
      em.persist(new ModuleMember(install.module, install.adminUserId, top.name));
    }
    await em.flush();
  }
}
