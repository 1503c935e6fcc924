import { ConfigError, type EnvReader } from './env-reader';
import { readWebhookConfig, type WebhookConfig } from './webhook-config';

export interface StoreConfig {
  /**
   * Key that derives each app's client secret from its stored seed (`STORE_APP_SECRET_KEY`), so
   * webhooks can be signed with the secret while the database keeps only its hash.
   * @default derived from SECRET_KEY, else generated once in DATA_DIR
   */
  appSecretKey?: string;
  webhooks: WebhookConfig;
  /**
   * Accounts user ids (`usr-…`, the `sub` of their JWT) who may record payments and read billing
   * states (`STORE_BILLING_ADMINS`, comma-separated). Ids, not addresses: the token carries only
   * the id, and addresses are not verified. @default none
   */
  billingAdmins: string[];
  /**
   * How often each store instance looks for stores and installations whose paid time passed or
   * was paid again (`STORE_BILLING_SWEEP_MS`); the spec wants a lapse noticed within 5 s.
   * @default 1000
   */
  billingSweepMs: number;
}

const USER_ID = /^usr-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function readStoreConfig(read: EnvReader): StoreConfig {
  return {
    appSecretKey: read.optionalString('STORE_APP_SECRET_KEY'),
    webhooks: readWebhookConfig(read),
    billingAdmins: readBillingAdmins(read),
    billingSweepMs: read.integer('STORE_BILLING_SWEEP_MS', 1000, { min: 50, max: 5000 }),
  };
}

function readBillingAdmins(read: EnvReader): string[] {
  const listed = read.list('STORE_BILLING_ADMINS').map((id) => id.toLowerCase());
  const wrong = listed.find((id) => !USER_ID.test(id));
  if (wrong !== undefined) throw new ConfigError('STORE_BILLING_ADMINS', `must list accounts user ids such as usr-3f0c…, got "${wrong}"`);
  return listed;
}
