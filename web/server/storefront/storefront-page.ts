import type { StorefrontPageQuery } from '../generated/graph';
import { html, inertJson, rawHtml, type Html } from '../pages/html';
import { pageDocument } from '../pages/layout';
import { storefrontHook } from './storefront-hook';
import { cartTexts } from './cart-texts';
import { storefrontTexts, type StorefrontTexts } from './storefront-texts';

type Storefront = StorefrontPageQuery['storefrontProduct'];
type StoreVariant = Storefront['product']['variants'][number];

/** What the page shows of one variant, in the page's language: the server's texts, reused by the hook. */
interface VariantDisplay {
  label: string;
  price: string;
  compare: string;
  stock: string;
  available: boolean;
}

/** The selector of the product's form container: the `element` each hook callback gets. */
export const formContainerId = (productId: number) => `product-${productId}-form`;

/**
 * The storefront product page: name, pictures, price, description and a variant selector that is
 * a real form (`?variant=`), so the page works with no script at all, and a form that adds the
 * chosen variant to the cart. In the head, in this order:
 * the product's data as inert JSON, the hook defining `window.LS`, then every served app's script
 * with `defer` (run in registration order once the page is parsed, after `LS` exists).
 */
export function storefrontDocument(storefront: Storefront, scripts: StorefrontPageQuery['storefrontScripts'], selectedId: number, basePath: string): string {
  const { store, product, language } = storefront;
  const texts = storefrontTexts(language);
  const cart = cartTexts(language);
  const pick = (value: Record<string, string> | undefined) => value?.[language] || value?.[store.mainLanguage] || '';
  const name = pick(product.name);
  const display = new Map(product.variants.map((variant) => [variant.id, describeVariant(variant, language, texts, pick)]));
  const selected = product.variants.find((variant) => variant.id === selectedId) ?? product.variants[0];
  const shown = display.get(selected.id)!;
  const element = `#${formContainerId(product.id)}`;
  const data = {
    productId: product.id,
    name,
    element,
    variants: product.variants,
    display: Object.fromEntries(display),
  };
  const head = html`<meta name="description" content="${pick(product.description).slice(0, 160)}">
<script type="application/json" id="ls-product">${inertJson(data)}</script>
<script>${rawHtml(storefrontHook.source)}</script>
${scripts.map((script) => html`<script src="${script.src}" defer data-app-script="${script.id}"></script>\n`)}`;
  const legend = product.attributes.map(pick).filter(Boolean).join(' / ') || texts.options;

  const body = html`<article class="product" aria-labelledby="product-name">
<div class="gallery">${gallery(product.images, name, texts, pick)}</div>
<div class="product-info">
<h1 class="product-name" id="product-name">${name}</h1>
<div class="product-form" id="${formContainerId(product.id)}" data-variant-form>
<div class="stack">
<p class="price" aria-live="polite"><span data-variant-price>${shown.price}</span> <s data-variant-compare${shown.compare ? '' : rawHtml(' hidden')}>${shown.compare}</s></p>
<p class="stock${shown.available ? '' : ' stock-out'}" data-variant-stock>${shown.stock}</p>
${product.freeShipping ? html`<p><span class="chip chip-good">${texts.freeShipping}</span></p>` : ''}
<form method="get" action="${basePath}" class="stack">
${language !== store.mainLanguage ? html`<input type="hidden" name="lang" value="${language}">` : ''}
<fieldset class="variants">
<legend>${legend}</legend>
${product.variants.map((variant) => {
  const option = display.get(variant.id)!;
  return html`<label class="variant-option"><input type="radio" name="variant" value="${variant.id}"${variant.id === selected.id ? rawHtml(' checked') : ''}><span><span>${option.label}</span><span class="muted">${option.price}</span></span></label>\n`;
})}
</fieldset>
<button type="submit" class="button-primary variant-submit">${texts.showOption}</button>
</form>
${shown.available && selected.price !== null ? html`<form method="post" action="/stores/${store.id}/cart" class="add-to-cart">
<input type="hidden" name="variant" value="${selected.id}" data-cart-variant>
<label>${cart.quantity} <input type="number" name="quantity" value="1" min="1" max="10000" inputmode="numeric"></label>
<button type="submit" class="button-primary">${cart.addToCart}</button>
</form>` : ''}
</div>
</div>
${pick(product.description) ? html`<p class="description">${pick(product.description)}</p>` : ''}
</div>
</article>`;

  return pageDocument({
    title: `${name} · ${store.name}`,
    language,
    siteName: store.name,
    head,
    topBarAside: languageLinks(storefront, basePath, texts),
    body,
  });
}

function describeVariant(variant: StoreVariant, language: string, texts: StorefrontTexts, pick: (value: Record<string, string>) => string): VariantDisplay {
  const money = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const amount = (value: string | null) => (value === null ? '' : money.format(Number(value)));
  // A promotional price, when set, is what the shopper pays; the regular price is then struck through.
  const paid = variant.promotional_price ?? variant.price;
  const was = variant.promotional_price !== null ? variant.price : variant.compare_at_price;
  const available = !variant.stock_management || (variant.stock ?? 0) > 0;
  return {
    label: variant.values.map(pick).filter(Boolean).join(' / ') || texts.option(variant.position),
    price: paid === null ? texts.priceOnRequest : amount(paid),
    compare: was !== null && paid !== null && Number(was) > Number(paid) ? amount(was) : '',
    stock: !variant.stock_management ? texts.inStock : available ? texts.unitsInStock(variant.stock ?? 0) : texts.outOfStock,
    available,
  };
}

function gallery(images: Storefront['product']['images'], name: string, texts: StorefrontTexts, pick: (value: Record<string, string>) => string): Html {
  if (images.length === 0) return html`<div class="gallery-empty" role="img" aria-label="${texts.noImage}">${texts.noImage}</div>`;
  const [first, ...rest] = images;
  return html`<img src="${first.src}" alt="${pick(first.alt) || name}" width="800" height="800">
${rest.length ? html`<div class="gallery-thumbs">${rest.map((image) => html`<img src="${image.src}" alt="${pick(image.alt) || name}" width="160" height="160" loading="lazy">`)}</div>` : ''}`;
}

/** The same product in the store's other languages (each has its own handle). */
function languageLinks(storefront: Storefront, basePath: string, texts: StorefrontTexts): Html | undefined {
  const { store, product, language } = storefront;
  if (store.languages.length < 2) return undefined;
  const storePath = basePath.slice(0, basePath.lastIndexOf('/') + 1);
  const links = store.languages.flatMap((code) => {
    const handle = product.handle[code];
    if (!handle) return [];
    const href = `${storePath}${encodeURIComponent(handle)}${code === store.mainLanguage ? '' : `?lang=${code}`}`;
    return [html`<a href="${href}" lang="${code}" hreflang="${code}"${code === language ? rawHtml(' aria-current="page"') : ''}>${code.toUpperCase()}</a>`];
  });
  return html`<nav class="languages" aria-label="${texts.language}">${links}</nav>`;
}
