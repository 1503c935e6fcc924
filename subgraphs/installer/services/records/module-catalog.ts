import { notFound } from '../../../../lib/errors';
import type { SqlEntityManager } from '../../../../lib/db';
import { InstalledModule } from '../../entities';
import type { Model, Role } from './module-types';
import { snakeCase } from '../tables/module-sql';

/** A live module and one of its models, as a request about records names them. */
export interface LiveModel {
  install: InstalledModule;
  model: Model;
}

/** Finds live modules and their models; anything not live is 404, pending included. */
export class ModuleCatalog {
  constructor(private readonly em: SqlEntityManager) {}

  async live(module: string): Promise<InstalledModule> {
    const install = await this.em.findOne(InstalledModule, { module, state: 'live' });
    if (!install) throw notFound(`No live module is called ${module}`);
    return install;
  }

  /** The model by its name (`Book`) or its table suffix (`book`, `book_copy`). */
  async liveModel(module: string, modelName: string): Promise<LiveModel> {
    const install = await this.live(module);
    const model = install.contents.models.models.find((candidate) => candidate.name === modelName || snakeCase(candidate.name) === modelName);
    if (!model) throw notFound(`${module} has no model called ${modelName}`);
    return { install, model };
  }

  roles(install: InstalledModule): Role[] {
    return install.contents.manifest.roles;
  }
}
