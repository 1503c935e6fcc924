import type { SqlEntityManager } from '../../../../lib/db';
import { notFound } from '../../../../lib/errors';
import { Script } from '../../entities';
import type { AppAccessCheck } from '../apps/app-access';
import { servedAppIds } from '../apps/served-installations';
import { refused } from '../catalog/catalog-errors';
import { idOrderedPage } from '../catalog/id-ordered-page';
import type { Page } from '../catalog/views';
import { readScriptFields, type ScriptFields } from './script-rules';

/** An app may keep this many scripts in one store. */
export const MAX_SCRIPTS = 50;

/**
 * Storefront scripts: an app's own, as it manages them (scope `write_scripts`, for reading too:
 * the API has no read scope for them), and the storefront's list.
 */
export class ScriptService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: AppAccessCheck,
  ) {}

  async list(storeId: number, page?: number | null, perPage?: number | null): Promise<Page<Script>> {
    const { appId } = await this.access.require(storeId, 'write_scripts');
    return idOrderedPage(this.em, Script, { storeId, appId }, page, perPage);
  }

  async create(storeId: number, fields: ScriptFields): Promise<Script> {
    const { appId } = await this.access.require(storeId, 'write_scripts');
    const checked = readScriptFields(fields);
    return this.em.transactional(async (em) => {
      if ((await em.count(Script, { storeId, appId })) >= MAX_SCRIPTS) throw refused(`An app can have at most ${MAX_SCRIPTS} scripts in a store`);
      const script = new Script({ storeId, appId, ...checked });
      await em.persistAndFlush(script);
      return script;
    });
  }

  async delete(storeId: number, id: number): Promise<boolean> {
    const { appId } = await this.access.require(storeId, 'write_scripts');
    const removed = await this.em.nativeDelete(Script, { id, storeId, appId });
    if (removed === 0) throw notFound(`Script ${id} not found`);
    return true;
  }

  /**
   * What the storefront loads: the scripts of every app the store serves (`servedAppIds`, so an
   * uninstalled or suspended app's scripts leave it), in registration order. Public, like the page.
   */
  async storefront(storeId: number): Promise<Script[]> {
    const scripts = await this.em.find(Script, { storeId }, { orderBy: { id: 'asc' } });
    if (scripts.length === 0) return [];
    const served = await servedAppIds(this.em, storeId, [...new Set(scripts.map((script) => script.appId))]);
    return scripts.filter((script) => served.has(script.appId));
  }
}
