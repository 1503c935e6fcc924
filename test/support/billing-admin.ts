/**
 * The accounts user global setup lists in STORE_BILLING_ADMINS. The list names user ids, which
 * accounts mints at sign-up, so the test stacks' admin is written into the accounts database with
 * this id (`billingAdminToken`), as an operator's signed-up account would be. Kept apart from
 * `billing.ts`: global setup must not load entities (MikroORM keeps their metadata globally).
 */
export const BILLING_ADMIN_ID = 'usr-b111ab11-0000-4000-8000-000000000001';
