import { FieldErrors } from '../../../../lib/errors';
import { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEvent } from './webhook-events';
import type { WebhookTargets } from './webhook-targets';

/** A webhook's fields as a caller sends them (REST body or GraphQL input). */
export interface WebhookFields {
  event?: string | null;
  url?: string | null;
}

export const BLANK = "can't be blank";
export const INVALID_EVENT = `Invalid event specified. Events allowed: ${WEBHOOK_EVENTS.join(', ')}`;
export const INVALID_URL = 'invalid url specified';

/**
 * The fields checked, in the legacy API's words (store.md), every field at fault named in one 422;
 * a refused URL's reason follows the legacy message.
 * On create both are required; on update an absent field stays as it is.
 */
export async function readWebhookFields(fields: WebhookFields, targets: WebhookTargets, creating: boolean): Promise<{ event?: WebhookEvent; url?: string }> {
  const errors = new FieldErrors();
  const read: { event?: WebhookEvent; url?: string } = {};
  if (fields.event === null || (fields.event === undefined && creating) || fields.event?.trim() === '') errors.add('event', BLANK);
  else if (fields.event !== undefined) {
    if (isWebhookEvent(fields.event.trim())) read.event = fields.event.trim() as WebhookEvent;
    else errors.add('event', INVALID_EVENT);
  }
  if (fields.url === null || (fields.url === undefined && creating) || fields.url?.trim() === '') errors.add('url', BLANK);
  else if (fields.url !== undefined) {
    const checked = await targets.check(fields.url);
    if ('url' in checked) read.url = checked.url;
    else {
      // The legacy API's message first (store.md), then the reason, which its callers may ignore.
      errors.add('url', INVALID_URL);
      errors.add('url', checked.refused);
    }
  }
  errors.throwIfAny();
  return read;
}
