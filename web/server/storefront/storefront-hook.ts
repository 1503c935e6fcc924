import { createHash } from 'node:crypto';

/**
 * `window.LS`, defined by the page before any app script runs (an inline script in the head,
 * allowed by its hash). `LS.registerOnChangeVariant(callback)` is the one hook of specs/store.md:
 * when the shopper picks a variant, every callback gets a copy of the variant as the store API
 * shows it, plus `element`, the CSS selector of the variant's form container. The data is read
 * from the inert JSON element `#ls-product` that comes before this script. The same script shows
 * the chosen variant's price and stock (the texts are the server's, so both render alike) and
 * keeps `?variant=` in the address, so a reload or a shared link shows the same choice; the cart
 * form adds the variant now chosen.
 */
const SOURCE = `(function () {
  var data = JSON.parse(document.getElementById('ls-product').textContent);
  var callbacks = [];
  document.documentElement.classList.add('js');
  window.LS = {
    product: { id: data.productId, name: data.name },
    variants: data.variants.map(function (variant) { return Object.assign({}, variant); }),
    registerOnChangeVariant: function (callback) {
      if (typeof callback !== 'function') throw new TypeError('LS.registerOnChangeVariant expects a function');
      callbacks.push(callback);
    }
  };
  function setText(form, name, text) {
    var element = form.querySelector('[data-variant-' + name + ']');
    if (!element) return;
    element.textContent = text || '';
    element.hidden = !text;
  }
  document.addEventListener('change', function (event) {
    var input = event.target;
    var form = input && input.closest && input.closest('[data-variant-form]');
    if (!form || input.name !== 'variant') return;
    var variant = data.variants.find(function (candidate) { return String(candidate.id) === input.value; });
    if (!variant) return;
    var shown = data.display[variant.id];
    setText(form, 'price', shown.price);
    setText(form, 'compare', shown.compare);
    setText(form, 'stock', shown.stock);
    var stock = form.querySelector('[data-variant-stock]');
    if (stock) stock.classList.toggle('stock-out', !shown.available);
    var cart = form.querySelector('[data-cart-variant]');
    if (cart) cart.value = String(variant.id);
    var address = new URL(window.location.href);
    address.searchParams.set('variant', String(variant.id));
    window.history.replaceState(null, '', address);
    callbacks.forEach(function (callback) {
      try {
        callback(Object.assign({}, variant, { element: data.element }));
      } catch (error) {
        // One app's failing callback must not keep the others from hearing the change.
        setTimeout(function () { throw error; });
      }
    });
  });
})();`;

export const storefrontHook = {
  source: SOURCE,
  /** For the page's Content-Security-Policy. */
  hash: `'sha256-${createHash('sha256').update(SOURCE).digest('base64')}'`,
};
