import type { EnvReader } from './env-reader';
import { readWebhookConfig, type WebhookConfig } from './webhook-config';

export interface StoreConfig {
  /**
   * Key that derives each app's client secret from its stored seed (`STORE_APP_SECRET_KEY`), so
   * webhooks can be signed with the secret while the database keeps only its hash.
   * @default generated once in DATA_DIR
   */
  appSecretKey?: string;
  webhooks: WebhookConfig;
}

export function readStoreConfig(read: EnvReader): StoreConfig {
  return { appSecretKey: read.optionalString('STORE_APP_SECRET_KEY'), webhooks: readWebhookConfig(read) };
}
