import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Page } from '../services/catalog/views';
import type { CustomerView } from '../services/customers/customer-views';
import { CustomerFilter, CustomerInput } from '../types/customer.input';
import { CustomerPageType, CustomerType } from '../types/customer.type';
import type { StoreContext } from './store-context';

/** A store's customers, for installed apps (scopes `read_customers` / `write_customers`). */
@Resolver(() => CustomerType)
export class CustomerResolver {
  @Query(() => CustomerPageType)
  customers(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('filter', () => CustomerFilter, { nullable: true }) filter: CustomerFilter | null,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('perPage', () => Int, { nullable: true }) perPage: number | null,
    @Ctx() { services }: StoreContext,
  ): Promise<Page<CustomerView>> {
    return services.customers.list(storeId, filter ?? {}, page, perPage);
  }

  @Query(() => CustomerType, { description: 'NOT_FOUND "Customer 5 not found".' })
  customer(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<CustomerView> {
    return services.customers.get(storeId, id);
  }

  @Mutation(() => CustomerType, { description: 'INVALID_FIELDS on `email` "has already been taken" for an address the store already has.' })
  createCustomer(@Arg('storeId', () => Int) storeId: number, @Arg('input', () => CustomerInput) input: CustomerInput, @Ctx() { services }: StoreContext): Promise<CustomerView> {
    return services.customers.create(storeId, input);
  }

  @Mutation(() => CustomerType, { description: 'Absent fields stay; `addresses` replaces the list.' })
  updateCustomer(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => CustomerInput) input: CustomerInput,
    @Ctx() { services }: StoreContext,
  ): Promise<CustomerView> {
    return services.customers.update(storeId, id, input);
  }

  @Mutation(() => Boolean, { description: 'Their orders keep the customer as they were placed.' })
  deleteCustomer(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<boolean> {
    return services.customers.delete(storeId, id);
  }
}
