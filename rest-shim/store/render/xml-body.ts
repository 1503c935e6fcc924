import { XMLBuilder } from 'fast-xml-parser';

const builder = new XMLBuilder({ format: false, suppressEmptyNode: false, processEntities: true });

/** The element name of one item of a list key (`variants` → `variant`). */
export function singular(plural: string): string {
  if (plural.endsWith('ies')) return `${plural.slice(0, -3)}y`;
  if (plural.endsWith('s') && !plural.endsWith('ss')) return plural.slice(0, -1);
  return `${plural}_item`;
}

/** Lists become an element holding one child per item, named in the singular. */
function shaped(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return { [singular(key)]: value.map((item) => shaped(item, singular(key))) };
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, shaped(inner, name)]));
  return value;
}

/**
 * The same data as the JSON body, as an XML document whose root element is named after the
 * resource (`product`, or `products` for a list of them, each a `product` child); null is an
 * empty element.
 */
export function xmlBody(root: string, data: unknown): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [root]: shaped(data, root) })}`;
}
