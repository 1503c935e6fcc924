import { badInput } from '../../../../lib/errors';

/** Every scope an app may ask for, in the order the API lists them. */
export const SCOPES = [
  'read_products',
  'write_products',
  'read_content',
  'write_content',
  'write_scripts',
  'read_customers',
  'write_customers',
  'read_orders',
  'write_orders',
  'read_coupons',
  'write_coupons',
] as const;
export type Scope = (typeof SCOPES)[number];

const IMPLIED: Partial<Record<Scope, Scope>> = {
  write_products: 'read_products',
  write_content: 'read_content',
  write_customers: 'read_customers',
  write_orders: 'read_orders',
  write_coupons: 'read_coupons',
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** The asked scopes with the read scope of each write scope, in the canonical order. */
export function checkScopes(asked: readonly string[]): Scope[] {
  if (asked.length === 0) throw badInput('scopes', 'an app needs at least one scope');
  const granted = new Set<Scope>();
  for (const name of asked.map((scope) => scope.trim())) {
    if (!isScope(name)) throw badInput('scopes', `unknown scope "${name}" (scopes: ${SCOPES.join(', ')})`);
    granted.add(name);
    const implied = IMPLIED[name];
    if (implied) granted.add(implied);
  }
  return SCOPES.filter((scope) => granted.has(scope));
}

export const joinScopes = (scopes: readonly string[]): string => scopes.join(',');
export const splitScopes = (scopes: string): Scope[] => (scopes === '' ? [] : (scopes.split(',') as Scope[]));
