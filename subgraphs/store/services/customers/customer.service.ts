import type { SqlEntityManager } from '../../../../lib/db';
import { FieldErrors, invalidField, notFound } from '../../../../lib/errors';
import { Customer, CustomerAddress } from '../../entities';
import type { AppAccessCheck } from '../apps/app-access';
import { readChangeWindow, readId, readPaging } from '../catalog/list-params';
import { lockStore } from '../catalog/store-lock';
import type { Page } from '../catalog/views';
import { enqueueStoreEvent } from '../webhooks/outbox';
import { readCustomerFields, type CustomerChanges, type CustomerFields } from './customer-input';
import { customerViews, type CustomerView } from './customer-views';

export const customerNotFound = (id: number) => notFound(`Customer ${id} not found`);
export const EMAIL_TAKEN = 'has already been taken';

/** The filters of `GET /customers`, as GraphQL hands them over. */
export interface CustomerFilterFields {
  sinceId?: number | null;
  q?: string | null;
  createdAtMin?: string | null;
  createdAtMax?: string | null;
  updatedAtMin?: string | null;
  updatedAtMax?: string | null;
}

/** `%words%` for a LIKE with `escape '\'`. */
export const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A store's customers as its apps read and write them (scopes `read_customers` / `write_customers`). */
export class CustomerService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: AppAccessCheck,
  ) {}

  /** A page in id order; `q` finds words in the name, e-mail or identification (a scan of the store's customers). */
  async list(storeId: number, filter: CustomerFilterFields, page?: number | null, perPage?: number | null): Promise<Page<CustomerView>> {
    const { store } = await this.access.require(storeId, 'read_customers');
    const errors = new FieldErrors();
    const paging = readPaging(errors, page, perPage);
    const sinceId = readId(errors, 'since_id', filter.sinceId);
    const changeWindow = readChangeWindow(errors, filter);
    errors.throwIfAny();
    const query = this.em.createQueryBuilder(Customer, 'c').where({ storeId });
    if (sinceId !== undefined) query.andWhere({ id: { $gt: sinceId } });
    for (const condition of changeWindow) query.andWhere(condition);
    const words = filter.q?.trim().toLowerCase();
    if (words) {
      const like = likePattern(words);
      query.andWhere("(lower(c.name) like ? escape '\\' or c.email like ? escape '\\' or lower(c.identification) like ? escape '\\')", [like, like, like]);
    }
    query.orderBy({ id: 'asc' }).limit(paging.perPage).offset((paging.page - 1) * paging.perPage);
    const [customers, totalCount] = await query.getResultAndCount();
    return { totalCount, ...paging, items: await customerViews(this.em, customers, store.currency) };
  }

  async get(storeId: number, id: number): Promise<CustomerView> {
    const { store } = await this.access.require(storeId, 'read_customers');
    return (await customerViews(this.em, [await findCustomer(this.em, storeId, id)], store.currency))[0];
  }

  /** A new customer; its e-mail must be new in the store (422 on `email`). */
  async create(storeId: number, fields: CustomerFields): Promise<CustomerView> {
    await this.access.require(storeId, 'write_customers');
    const changes = readCustomerFields(fields, true);
    const id = await this.em.transactional(async (em) => {
      await lockStore(em, storeId);
      await checkEmailFree(em, storeId, changes.email!);
      const customer = new Customer({ storeId, name: changes.name!, email: changes.email! });
      applyCustomerChanges(customer, changes);
      await em.persistAndFlush(customer);
      await writeAddresses(em, customer, changes);
      await enqueueStoreEvent(em, { storeId, event: 'customer/created', id: customer.id });
      return customer.id;
    });
    return this.get(storeId, id);
  }

  /** Changes the fields given; `addresses` replaces the list. */
  async update(storeId: number, id: number, fields: CustomerFields): Promise<CustomerView> {
    await this.access.require(storeId, 'write_customers');
    const changes = readCustomerFields(fields, false);
    await this.em.transactional(async (em) => {
      await lockStore(em, storeId);
      const customer = await findCustomer(em, storeId, id);
      if (changes.email !== undefined && changes.email !== customer.email) await checkEmailFree(em, storeId, changes.email);
      applyCustomerChanges(customer, changes);
      customer.updatedAt = new Date();
      await writeAddresses(em, customer, changes);
      await enqueueStoreEvent(em, { storeId, event: 'customer/updated', id });
    });
    return this.get(storeId, id);
  }

  /** Removes the customer and their addresses; their orders keep the customer as it was when they were placed. */
  async delete(storeId: number, id: number): Promise<boolean> {
    await this.access.require(storeId, 'write_customers');
    await this.em.transactional(async (em) => {
      await lockStore(em, storeId);
      await findCustomer(em, storeId, id);
      await em.nativeDelete(CustomerAddress, { customerId: id });
      await em.nativeDelete(Customer, { id });
      await enqueueStoreEvent(em, { storeId, event: 'customer/deleted', id });
    });
    return true;
  }
}

export async function findCustomer(em: SqlEntityManager, storeId: number, id: number): Promise<Customer> {
  const customer = await em.findOne(Customer, { id, storeId });
  if (!customer) throw customerNotFound(id);
  return customer;
}

/** Under the store's lock, so two writers cannot both find an address free; the unique index backs it. */
async function checkEmailFree(em: SqlEntityManager, storeId: number, email: string): Promise<void> {
  if ((await em.count(Customer, { storeId, email })) > 0) throw invalidField('email', EMAIL_TAKEN);
}

function applyCustomerChanges(customer: Customer, changes: CustomerChanges): void {
  if (changes.name !== undefined) customer.name = changes.name;
  if (changes.email !== undefined) customer.email = changes.email;
  if (changes.phone !== undefined) customer.phone = changes.phone;
  if (changes.identification !== undefined) customer.identification = changes.identification;
  if (changes.note !== undefined) customer.note = changes.note;
  if (changes.acceptsMarketing !== undefined) customer.acceptsMarketing = changes.acceptsMarketing;
  if (changes.billing) customer.billing = JSON.stringify({ ...(JSON.parse(customer.billing) as object), ...changes.billing });
  if (changes.extra !== undefined) customer.extra = JSON.stringify(changes.extra);
}

async function writeAddresses(em: SqlEntityManager, customer: Customer, changes: CustomerChanges): Promise<void> {
  if (changes.addresses === undefined) return;
  await em.nativeDelete(CustomerAddress, { customerId: customer.id });
  for (const address of changes.addresses) {
    const row = new CustomerAddress(customer.storeId, customer.id);
    const { isDefault, ...values } = address;
    Object.assign(row, { ...values, address: values.address ?? '', number: values.number ?? '', city: values.city ?? '', province: values.province ?? '', zipcode: values.zipcode ?? '', country: values.country ?? '' });
    row.isDefault = isDefault;
    em.persist(row);
  }
  await em.flush();
}
