import type { SqlEntityManager } from '../../../../lib/db';
import { Customer, CustomerAddress } from '../../entities';
import { formatHundredths } from '../language/money';
import { billingFieldsOf, type BillingFieldsView } from '../catalog/billing-fields';
import type { AddressValues } from './customer-input';

export interface AddressView extends AddressValues {
  id: number;
  default: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A customer as the API shows it (customer.md's fields). */
export interface CustomerView extends BillingFieldsView {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  identification: string | null;
  note: string | null;
  defaultAddress: AddressView | null;
  addresses: AddressView[];
  extra: Record<string, unknown>;
  totalSpent: string;
  totalSpentCurrency: string;
  lastOrderId: number | null;
  active: boolean;
  acceptsMarketing: boolean;
  createdAt: Date;
  updatedAt: Date;
}

function addressView(row: CustomerAddress): AddressView {
  const { id, address, number, floor, locality, city, province, zipcode, country, phone, isDefault, createdAt, updatedAt } = row;
  return { id, address, number, floor, locality, city, province, zipcode, country, phone, default: isDefault, createdAt, updatedAt };
}

/** The views of customers, their addresses read in one query. */
export async function customerViews(em: SqlEntityManager, customers: Customer[], currency: string): Promise<CustomerView[]> {
  if (customers.length === 0) return [];
  const rows = await em.find(CustomerAddress, { customerId: { $in: customers.map((customer) => customer.id) } }, { orderBy: { id: 'asc' } });
  const byCustomer = new Map<number, AddressView[]>();
  for (const row of rows) byCustomer.set(row.customerId, [...(byCustomer.get(row.customerId) ?? []), addressView(row)]);
  return customers.map((customer) => {
    const addresses = byCustomer.get(customer.id) ?? [];
    const billing = JSON.parse(customer.billing) as Partial<AddressValues>;
    return {
      id: customer.id,
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      identification: customer.identification,
      note: customer.note,
      defaultAddress: addresses.find((address) => address.default) ?? null,
      addresses,
      ...billingFieldsOf(billing),
      extra: JSON.parse(customer.extra) as Record<string, unknown>,
      totalSpent: formatHundredths(customer.totalSpent) ?? '0.00',
      totalSpentCurrency: currency,
      lastOrderId: customer.lastOrderId,
      // Accounts with a password on the storefront do not exist yet: every customer is a guest.
      active: false,
      acceptsMarketing: customer.acceptsMarketing,
      createdAt: customer.createdAt,
      updatedAt: customer.updatedAt,
    };
  });
}
