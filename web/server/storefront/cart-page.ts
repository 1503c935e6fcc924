import type { CartPageFragment, StorefrontOrderQuery } from '../generated/graph';
import { html, rawHtml, type Html } from '../pages/html';
import { pageDocument } from '../pages/layout';
import { cartTexts, type CartTexts } from './cart-texts';
import { problemText } from './problem-texts';

/** Field messages of a refused form, by the graph's field name (`shipping_address.city`). */
export type FieldProblems = Record<string, string[]>;

const money = (language: string, value: string | null) => (value === null ? '' : new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value)));
/** A line's amount from its unit price (a two-decimal string) and quantity, counted in cents. */
const lineTotal = (price: string, quantity: number) => ((Math.round(Number(price) * 100) * quantity) / 100).toFixed(2);

/** The store's pages share the cart path: `/stores/{id}/cart`. */
export const cartPath = (storeId: number) => `/stores/${storeId}/cart`;

function totals(cart: CartPageFragment, texts: CartTexts, shipping?: string): Html {
  const total = Math.max(0, Number(cart.subtotal) - Number(cart.discount)) + Number(shipping ?? 0);
  return html`<dl class="totals">
<div><dt>${texts.subtotal}</dt><dd data-cart-subtotal>${money(cart.language, cart.subtotal)}</dd></div>
${Number(cart.discount) > 0 ? html`<div><dt>${texts.discount} (${cart.couponCode})</dt><dd data-cart-discount>−${money(cart.language, cart.discount)}</dd></div>` : ''}
${shipping !== undefined ? html`<div><dt>${texts.shipping}</dt><dd>${money(cart.language, shipping)}</dd></div>` : ''}
<div class="total"><dt>${texts.total} (${cart.currency})</dt><dd data-cart-total>${money(cart.language, total.toFixed(2))}</dd></div>
</dl>`;
}

/** The cart page: each line with its quantity form and remove button, the coupon form, totals. */
export function cartDocument(cart: CartPageFragment | undefined, storeId: number, storeName: string, language: string, problems: FieldProblems = {}, status?: string): string {
  const texts = cartTexts(language);
  const path = cartPath(storeId);
  const lines = cart?.lines ?? [];
  const body =
    !cart || lines.length === 0
      ? html`<section class="card narrow stack"><h1>${texts.cart}</h1><p>${texts.empty}</p></section>`
      : html`<section class="card stack cart" aria-labelledby="cart-title">
<h1 id="cart-title">${texts.cart}</h1>
${status ? html`<p class="notice notice-error" role="alert">${problemText(language, '', status)}</p>` : ''}
<ul class="cart-lines">
${lines.map(
  (line) => html`<li class="cart-line" data-variant="${line.variantId}">
<div><a href="/stores/${storeId}/products/${line.handle}">${line.name}</a>${line.label ? html` <span class="muted">${line.label}</span>` : ''}
<p class="muted">${money(cart.language, line.unitPrice)}${line.problem ? html` · <strong class="stock-out">${problemText(cart.language, 'products', line.problem)}</strong>` : ''}</p></div>
<form method="post" action="${path}/lines" class="line-form">
<input type="hidden" name="variant" value="${line.variantId}">
<label>${texts.quantity} <input type="number" name="quantity" min="0" max="10000" value="${line.quantity}" inputmode="numeric"></label>
<button type="submit" class="button-quiet">${texts.update}</button>
<button type="submit" name="quantity" value="0" class="button-quiet">${texts.remove}</button>
</form>
<p class="line-total">${money(cart.language, line.total)}</p>
</li>`,
)}
</ul>
<form method="post" action="${path}/coupon" class="coupon-form">
<label for="coupon">${texts.coupon}</label>
<input id="coupon" name="code" value="${cart.couponCode ?? ''}" autocomplete="off"${problems.coupon ? rawHtml(' aria-invalid="true" aria-describedby="coupon-problem"') : ''}>
<button type="submit" class="button-quiet">${texts.applyCoupon}</button>
${cart.couponCode ? html`<button type="submit" name="code" value="" class="button-quiet">${texts.removeCoupon}</button>` : ''}
${problems.coupon || cart.couponProblem ? html`<p id="coupon-problem" class="notice notice-error" role="alert">${problemText(cart.language, 'coupon', problems.coupon?.[0] ?? cart.couponProblem ?? '')}</p>` : ''}
</form>
${totals(cart, texts)}
<p class="actions"><a class="button button-primary" href="/stores/${storeId}/checkout">${texts.checkout}</a></p>
</section>`;
  return pageDocument({ title: `${texts.cart} · ${storeName}`, language, siteName: storeName, body });
}

/** The values the checkout form was sent with, to show them again beside their problems. */
export type CheckoutValues = Record<string, string>;

const CHECKOUT_FIELDS: Array<[name: string, problem: string, label: keyof CartTexts, type: string, autocomplete: string, required: boolean]> = [
  ['name', 'customer.name', 'name', 'text', 'name', true],
  ['email', 'customer.email', 'email', 'email', 'email', true],
  ['phone', 'customer.phone', 'phone', 'tel', 'tel', false],
  ['address', 'shipping_address.address', 'street', 'text', 'address-line1', true],
  ['number', 'shipping_address.number', 'number', 'text', 'address-line2', true],
  ['floor', 'shipping_address.floor', 'floor', 'text', 'address-line3', false],
  ['city', 'shipping_address.city', 'city', 'text', 'address-level2', true],
  ['province', 'shipping_address.province', 'province', 'text', 'address-level1', true],
  ['zipcode', 'shipping_address.zipcode', 'zipcode', 'text', 'postal-code', true],
  ['country', 'shipping_address.country', 'country', 'text', 'country', true],
];

/** The checkout page: contact, shipping address, a shipping option, the review, one submit. */
export function checkoutDocument(cart: CartPageFragment, values: CheckoutValues = {}, problems: FieldProblems = {}): string {
  const texts = cartTexts(cart.language);
  const chosen = values.shipping_option ?? cart.shippingOptions[0]?.code;
  const field = ([name, problem, label, type, autocomplete, required]: (typeof CHECKOUT_FIELDS)[number]) => {
    const messages = problems[problem];
    return html`<p class="field"><label for="f-${name}">${texts[label] as string}</label>
<input id="f-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" value="${values[name] ?? ''}"${required ? rawHtml(' required') : ''}${messages ? rawHtml(` aria-invalid="true" aria-describedby="f-${name}-problem"`) : ''}>
${messages ? html`<span id="f-${name}-problem" class="field-problem">${problemText(cart.language, problem, messages[0])}</span>` : ''}</p>`;
  };
  const general = Object.entries(problems).filter(([name]) => !CHECKOUT_FIELDS.some(([, problem]) => problem === name));
  const body = html`<section class="card stack checkout" aria-labelledby="checkout-title">
<h1 id="checkout-title">${texts.checkout}</h1>
${Object.keys(problems).length ? html`<div class="notice notice-error" role="alert"><p>${texts.fixErrors}</p>${general.length ? html`<ul>${general.map(([name, messages]) => html`<li data-problem="${name}">${problemText(cart.language, name, messages[0])}</li>`)}</ul>` : ''}</div>` : ''}
<form method="post" action="/stores/${cart.storeId}/checkout" class="stack" novalidate>
<fieldset class="stack"><legend>${texts.contact}</legend>${CHECKOUT_FIELDS.slice(0, 3).map(field)}</fieldset>
<fieldset class="stack"><legend>${texts.address}</legend>${CHECKOUT_FIELDS.slice(3).map(field)}</fieldset>
<fieldset class="variants"><legend>${texts.shippingOption}</legend>
${cart.shippingOptions.map((option) => html`<label class="variant-option"><input type="radio" name="shipping_option" value="${option.code}"${option.code === chosen ? rawHtml(' checked') : ''}><span><span>${option.name}</span><span class="muted">${money(cart.language, option.cost)}</span></span></label>\n`)}
</fieldset>
<section class="stack" aria-labelledby="review-title"><h2 id="review-title">${texts.review}</h2>
<ul class="cart-lines">${cart.lines.map((line) => html`<li class="cart-line"><span>${line.quantity} × ${line.name}${line.label ? ` (${line.label})` : ''}</span><span class="line-total">${money(cart.language, line.total)}</span></li>`)}</ul>
${totals(cart, texts, cart.shippingOptions.find((option) => option.code === chosen)?.cost)}
</section>
<button type="submit" class="button-primary">${texts.placeOrder}</button>
</form>
</section>`;
  return pageDocument({ title: `${texts.checkout} · ${cart.storeName}`, language: cart.language, siteName: cart.storeName, body });
}

/** The confirmation page: the order's number and what it holds. */
export function confirmationDocument(order: StorefrontOrderQuery['storefrontOrder'], storeId: number, storeName: string): string {
  const texts = cartTexts(order.language);
  const body = html`<section class="card narrow stack" aria-labelledby="thanks-title">
<h1 id="thanks-title">${texts.thanks}</h1>
<p class="order-number" data-order-number="${order.number}">${texts.orderNumber(order.number)}</p>
<ul class="cart-lines">${order.products.map((line) => html`<li class="cart-line"><span>${line.quantity} × ${line.name}</span><span class="line-total">${money(order.language, lineTotal(line.price, line.quantity))}</span></li>`)}</ul>
<dl class="totals">
<div><dt>${texts.subtotal}</dt><dd>${money(order.language, order.subtotal)}</dd></div>
${Number(order.discount) > 0 ? html`<div><dt>${texts.discount} (${order.coupon.map((coupon) => coupon.code).join(', ')})</dt><dd>−${money(order.language, order.discount)}</dd></div>` : ''}
<div><dt>${texts.shipping} (${order.shippingOption})</dt><dd>${money(order.language, order.shippingCostCustomer)}</dd></div>
<div class="total"><dt>${texts.total} (${order.currency})</dt><dd>${money(order.language, order.total)}</dd></div>
</dl>
<p class="notice notice-info">${texts.paymentPending}</p>
<p><a href="/stores/${storeId}/cart">${texts.continueShopping}</a></p>
</section>`;
  return pageDocument({ title: `${texts.orderNumber(order.number)} · ${storeName}`, language: order.language, siteName: storeName, body });
}
