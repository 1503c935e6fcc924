import { createHash } from 'node:crypto';

/**
 * The one style sheet of the server-rendered pages (storefront, app authorisation, errors), with
 * the console's palette. Served under a name carrying its hash, so it is cached for good and a
 * new build is fetched afresh. Colours meet WCAG AA contrast on white.
 */
const PAGE_CSS = `
:root {
  --ink: #1d2433; --muted: #5b6475; --line: #dfe3ea; --paper: #ffffff; --ground: #f4f6f9;
  --accent: #3048b8; --accent-soft: #e8ecfb; --good: #0b7a55; --good-soft: #e3f5ee;
  --bad: #b42323; --bad-soft: #fdecec; --radius: 12px;
  --shadow: 0 1px 2px rgb(16 24 40 / 6%), 0 1px 3px rgb(16 24 40 / 10%);
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  font-size: 16px; line-height: 1.5; color: var(--ink); background: var(--ground);
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; flex-direction: column; }
h1, h2 { line-height: 1.2; margin: 0; }
h1 { font-size: 1.75rem; }
h2 { font-size: 1.1rem; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid #7f94f0; outline-offset: 2px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.muted { color: var(--muted); }
.top-bar { background: var(--paper); border-bottom: 1px solid var(--line); padding: 12px 24px; display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.top-bar-name { font-weight: 700; letter-spacing: 0.01em; margin: 0; overflow-wrap: anywhere; }
.top-bar-aside { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
main { flex: 1; width: 100%; max-width: 1100px; margin: 0 auto; padding: 28px 24px 48px; }
.footer { text-align: center; padding: 16px; color: var(--muted); font-size: 0.85rem; }
.card { background: var(--paper); border-radius: var(--radius); box-shadow: var(--shadow); padding: 28px; }
.narrow { max-width: 480px; margin: 0 auto; display: grid; gap: 18px; }
.notice { border-radius: 8px; padding: 10px 14px; margin: 0; }
.notice-error { background: var(--bad-soft); color: #7d1414; border: 1px solid #f3c2c2; }
.notice-info { background: var(--accent-soft); color: #1f2f7a; }
button, input, select { font: inherit; color: inherit; }
button, .button { display: inline-flex; align-items: center; justify-content: center; min-height: 44px; padding: 8px 18px; border-radius: 8px; border: 1px solid #c5ccd8; background: var(--paper); cursor: pointer; font-weight: 600; text-decoration: none; color: var(--ink); }
button:hover { border-color: #98a2b3; }
.button-primary { background: var(--accent); border-color: var(--accent); color: #fff; }
.button-primary:hover { background: #263c9e; border-color: #263c9e; }
.button-quiet { background: transparent; border-color: transparent; color: var(--accent); padding: 4px 8px; min-height: 36px; }
input, select { min-height: 44px; padding: 8px 12px; border: 1px solid #8a94a6; border-radius: 8px; background: var(--paper); width: 100%; }
label { display: grid; gap: 6px; font-weight: 600; }
form { margin: 0; }
.stack { display: grid; gap: 14px; }
.actions { display: flex; gap: 10px; flex-wrap: wrap; }
.actions > * { flex: 1 1 140px; }
.chip { display: inline-block; font-size: 0.8rem; font-weight: 600; padding: 2px 10px; border-radius: 999px; background: var(--accent-soft); color: var(--accent); }
.chip-good { background: var(--good-soft); color: var(--good); }
/* Storefront */
.product { display: grid; grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); gap: 32px; align-items: start; }
.gallery { display: grid; gap: 12px; }
.gallery img { width: 100%; height: auto; aspect-ratio: 1 / 1; object-fit: cover; border-radius: var(--radius); background: var(--paper); box-shadow: var(--shadow); display: block; }
.gallery-thumbs { display: grid; grid-template-columns: repeat(auto-fill, minmax(72px, 1fr)); gap: 8px; }
.gallery-empty { aspect-ratio: 1 / 1; border-radius: var(--radius); background: linear-gradient(135deg, #e8ecfb, #f4f6f9); display: grid; place-items: center; color: var(--muted); }
.product-info { display: grid; gap: 18px; }
.product-name { font-size: 2rem; overflow-wrap: anywhere; }
.price { font-size: 1.6rem; font-weight: 700; margin: 0; }
.price s { font-size: 1.1rem; color: var(--muted); font-weight: 400; margin-left: 8px; }
.stock { margin: 0; color: var(--good); font-weight: 600; }
.stock-out { color: var(--bad); }
.description { margin: 0; white-space: pre-line; overflow-wrap: anywhere; }
.variants { border: 0; padding: 0; margin: 0; display: grid; gap: 8px; }
.variants legend { font-weight: 600; margin-bottom: 8px; padding: 0; }
.variant-option { position: relative; }
.variant-option input { position: absolute; opacity: 0; inset: 0; width: 100%; height: 100%; margin: 0; cursor: pointer; }
.variant-option > span { display: flex; justify-content: space-between; gap: 12px; padding: 12px 14px; border: 1px solid #c5ccd8; border-radius: 10px; background: var(--paper); }
.variant-option input:checked + span { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent); }
.variant-option input:focus-visible + span { outline: 3px solid #7f94f0; outline-offset: 2px; }
.js .variant-submit { display: none; }
.languages { display: flex; gap: 4px; flex-wrap: wrap; }
.languages a { padding: 2px 8px; border-radius: 6px; text-decoration: none; font-weight: 600; font-size: 0.85rem; }
.languages a[aria-current="page"] { background: var(--accent-soft); }
/* Authorisation */
.app-mark { width: 56px; height: 56px; border-radius: 14px; background: var(--accent); color: #fff; display: grid; place-items: center; font-size: 1.5rem; font-weight: 700; }
.app-head { display: flex; gap: 14px; align-items: center; }
.app-head h1 { font-size: 1.35rem; overflow-wrap: anywhere; }
.app-head p { margin: 2px 0 0; }
.scopes { list-style: none; padding: 0; margin: 0; display: grid; gap: 8px; }
.scopes li { display: grid; gap: 2px; padding: 10px 12px; border: 1px solid var(--line); border-radius: 8px; }
.scopes strong { font-size: 0.95rem; }
.scopes span { color: var(--muted); font-size: 0.9rem; }
.signed-in { display: flex; justify-content: space-between; align-items: center; gap: 8px; flex-wrap: wrap; font-size: 0.9rem; }
.error-page { text-align: center; display: grid; gap: 12px; justify-items: center; }
.error-code { font-size: 3rem; font-weight: 800; color: var(--accent); margin: 0; line-height: 1; }
.add-to-cart, .line-form, .coupon-form { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; }
.add-to-cart input, .line-form input { width: 6rem; }
.cart-lines { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; }
.cart-line { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 8px; padding: 12px 0; border-bottom: 1px solid var(--line); }
.cart-line > div { flex: 1 1 12rem; min-width: 0; }
.line-total { font-weight: 600; margin: 0; }
.totals { display: grid; gap: 4px; margin: 0; }
.totals div { display: flex; justify-content: space-between; gap: 12px; }
.totals dd { margin: 0; }
.totals .total { font-weight: 700; font-size: 1.1rem; }
.field { display: grid; gap: 4px; margin: 0; }
.field input, .coupon-form input { width: 100%; max-width: 100%; padding: 8px 10px; border: 1px solid var(--line); border-radius: 8px; font: inherit; }
.field input[aria-invalid='true'] { border-color: var(--bad); }
.field-problem { color: var(--bad); font-size: 0.9rem; }
.order-number { font-size: 1.5rem; font-weight: 700; margin: 0; }
fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
@media (max-width: 720px) {
  main { padding: 18px 14px 32px; }
  .top-bar { padding: 10px 14px; }
  .product { grid-template-columns: minmax(0, 1fr); gap: 20px; }
  .product-name { font-size: 1.5rem; }
  .card { padding: 20px; }
}
`;

const hash = createHash('sha256').update(PAGE_CSS).digest('hex').slice(0, 12);

export const pageStyles = { path: `/pages/pages-${hash}.css`, css: PAGE_CSS.trim() };
