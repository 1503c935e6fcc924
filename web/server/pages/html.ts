/** Markup that is already safe to write into a page: made only by `html` (or `rawHtml`, for our own constants). */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

type Interpolated = Html | string | number | null | undefined | false | readonly Interpolated[];

function render(value: Interpolated): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * The pages' one template: every interpolated value is escaped unless it is `Html` already, so
 * text from the graph (product names, app names, a `state`) can never become markup. Attribute
 * values must be quoted in the template.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): Html {
  let text = strings[0];
  values.forEach((value, index) => {
    text += render(value) + strings[index + 1];
  });
  return new Html(text);
}

/** Our own constant markup (never text from a request or the graph). */
export const rawHtml = (text: string): Html => new Html(text);

/**
 * JSON for a `<script type="application/json">` element: `<` is escaped so no value can close the
 * element, and U+2028/9 so older parsers read it as JSON reads it.
 */
export function inertJson(value: unknown): Html {
  return new Html(JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029'));
}
