/** Every event an app may subscribe to, in the order the API lists them (specs/store.md). */
export const WEBHOOK_EVENTS = [
  'app/uninstalled',
  'app/suspended',
  'app/resumed',
  'category/created',
  'category/updated',
  'category/deleted',
  'product/created',
  'product/updated',
  'product/deleted',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Events about one app's installation: sent to that app alone, with no `id` in the payload. */
export type AppEvent = Extract<WebhookEvent, `app/${string}`>;

/** Events about the store's catalog: sent to every served app that subscribed, with the row's `id`. */
export type CatalogEvent = Exclude<WebhookEvent, AppEvent>;

export function isWebhookEvent(value: string): value is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

export const isAppEvent = (event: WebhookEvent): event is AppEvent => event.startsWith('app/');
