import type { RequestIdentity } from '../../../../lib/auth';
import type { SqlEntityManager } from '../../../../lib/db';
import { lockStore } from '../catalog/store-lock';
import { badInput, notFound } from '../../../../lib/errors';
import { Store } from '../../entities';
import { changeCatalogLanguages } from './catalog-languages';
import { checkLanguages, checkMainLanguage, checkStoreName } from './store-rules';

/** A new store starts paid for this long. */
const FIRST_PAID_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export const storeNotFound = (id: number) => notFound(`Store ${id} not found`);

/** Stores as their owners (accounts users) create and manage them. */
export class StoreService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly identity: RequestIdentity,
  ) {}

  async create(fields: { name: string; languages: string[]; mainLanguage: string }): Promise<Store> {
    const ownerId = this.identity.userId;
    const languages = checkLanguages(fields.languages);
    const store = new Store({
      name: checkStoreName(fields.name),
      ownerId,
      languages,
      mainLanguage: checkMainLanguage(fields.mainLanguage, languages),
      paidUntil: new Date(Date.now() + FIRST_PAID_DAYS * DAY_MS),
    });
    await this.em.persistAndFlush(store);
    return store;
  }

  /** A store of the caller; someone else's store is as unknown as a missing one. */
  async owned(id: number): Promise<Store> {
    const ownerId = this.identity.userId;
    const store = await this.em.findOne(Store, { id });
    if (!store || store.ownerId !== ownerId) throw storeNotFound(id);
    return store;
  }

  async mine(): Promise<Store[]> {
    return this.em.find(Store, { ownerId: this.identity.userId }, { orderBy: { id: 'asc' } });
  }

  /**
   * Sets the store's languages (and optionally its main one). A language added reads "" in every
   * language-aware value; one removed is dropped from them; the main language stays.
   */
  async updateLanguages(id: number, languages: string[], mainLanguage?: string | null): Promise<Store> {
    const wanted = checkLanguages(languages);
    await this.owned(id);
    await this.em.transactional(async (em) => {
      const store = await lockStore(em, id);
      if (!wanted.includes(store.mainLanguage) && mainLanguage == null) {
        throw badInput('languages', `the main language (${store.mainLanguage}) cannot be removed`);
      }
      const main = mainLanguage == null ? store.mainLanguage : checkMainLanguage(mainLanguage, wanted);
      const current = store.languageList;
      await changeCatalogLanguages(em, store.id, {
        added: wanted.filter((code) => !current.includes(code)),
        removed: current.filter((code) => !wanted.includes(code)),
      });
      store.languages = wanted.join(',');
      store.mainLanguage = main;
    });
    return this.em.findOneOrFail(Store, { id }, { refresh: true });
  }
}
