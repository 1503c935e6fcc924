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
  'order/created',
  'order/updated',
  'order/paid',
  'order/fulfilled',
  'order/cancelled',
  'customer/created',
  'customer/updated',
  'customer/deleted',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Events about one app's installation: sent to that app alone, with no `id` in the payload. */
export type AppEvent = Extract<WebhookEvent, `app/${string}`>;

/** Events about the store's rows (catalog, orders, customers): sent to every served app that subscribed, with the row's `id`. */
export type CatalogEvent = Exclude<WebhookEvent, AppEvent>;

/**
 * The scope an app needs to be told of an event about a row, beyond being served: an app sees
 * an order or a customer on the webhook only if it could read it over the API.
 */
export function scopeToHear(event: WebhookEvent): 'read_orders' | 'read_customers' | undefined {
  if (event.startsWith('order/')) return 'read_orders';
  if (event.startsWith('customer/')) return 'read_customers';
  return undefined;
}

export function isWebhookEvent(value: string): value is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

export const isAppEvent = (event: WebhookEvent): event is AppEvent => event.startsWith('app/');
