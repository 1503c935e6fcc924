import {
  StoreCreateCustomerDocument,
  StoreCustomerDocument,
  StoreCustomersDocument,
  StoreDeleteCustomerDocument,
  StoreUpdateCustomerDocument,
  type CustomerFilter,
  type CustomerInput,
} from '../../generated/graph';
import { pageRequestOf } from '../../kit/pagination';
import { restView } from '../../../lib/store-rest';
import { Customer, CustomerBody, CustomerListQuery, CustomerPath, Customers } from '../customer-schemas';
import { graphInput, listFilter } from '../store-bodies';
import { Deleted, ObjectQuery, StorePath } from '../store-schemas';
import { storeRoute } from '../store-route';

/** `/v1/{store_id}/customers`: the store's customers (scopes `read_customers` / `write_customers`). */
export const customerRoutes = [
  storeRoute({
    method: 'get',
    path: '/v1/:store_id/customers',
    summary: 'A page of the customers, filtered',
    root: 'customers',
    params: StorePath,
    query: CustomerListQuery,
    response: Customers,
    errors: [422],
    operation: StoreCustomersDocument,
    page: ({ query }) => pageRequestOf(query),
    variables: ({ params, query }) => ({ storeId: params.store_id, filter: listFilter<CustomerFilter>(query), ...pageRequestOf(query) }),
    reply: (data) => ({ data: restView(data.customers.customers), total: data.customers.totalCount }),
  }),
  storeRoute({
    method: 'get',
    path: '/v1/:store_id/customers/:id',
    summary: 'One customer',
    root: 'customer',
    params: CustomerPath,
    query: ObjectQuery,
    response: Customer,
    errors: [404],
    operation: StoreCustomerDocument,
    variables: ({ params }) => ({ storeId: params.store_id, id: params.id }),
    reply: (data) => ({ data: restView(data.customer) }),
  }),
  storeRoute({
    method: 'post',
    path: '/v1/:store_id/customers',
    summary: 'Create a customer (name and e-mail required; the e-mail new in the store)',
    root: 'customer',
    params: StorePath,
    query: ObjectQuery,
    body: CustomerBody,
    status: 201,
    response: Customer,
    errors: [411, 415, 422],
    operation: StoreCreateCustomerDocument,
    variables: ({ params, body }) => ({ storeId: params.store_id, input: graphInput<CustomerInput>(body) }),
    reply: (data) => ({ data: restView(data.customer) }),
  }),
  storeRoute({
    method: 'put',
    path: '/v1/:store_id/customers/:id',
    summary: 'Change a customer (absent fields stay; addresses replace the list)',
    root: 'customer',
    params: CustomerPath,
    query: ObjectQuery,
    body: CustomerBody,
    response: Customer,
    errors: [404, 411, 415, 422],
    operation: StoreUpdateCustomerDocument,
    variables: ({ params, body }) => ({ storeId: params.store_id, id: params.id, input: graphInput<CustomerInput>(body) }),
    reply: (data) => ({ data: restView(data.customer) }),
  }),
  storeRoute({
    method: 'delete',
    path: '/v1/:store_id/customers/:id',
    summary: 'Delete a customer (their orders keep them as they were)',
    root: 'customer',
    params: CustomerPath,
    response: Deleted,
    errors: [404],
    operation: StoreDeleteCustomerDocument,
    variables: ({ params }) => ({ storeId: params.store_id, id: params.id }),
    reply: () => ({ data: {} }),
  }),
];
