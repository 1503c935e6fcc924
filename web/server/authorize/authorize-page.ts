import type { AppAuthorizationRequestQuery, OwnerStoresQuery } from '../generated/graph';
import { html, type Html } from '../pages/html';
import { pageDocument } from '../pages/layout';

type AuthorizationRequest = AppAuthorizationRequestQuery['appAuthorizationRequest'];

/** What each scope lets the app do, in the owner's words. */
const SCOPE_MEANINGS: Record<string, { title: string; detail: string }> = {
  read_products: { title: 'See your products', detail: 'Products, variants, pictures and categories.' },
  write_products: { title: 'Change your products', detail: 'Create, edit and delete products, variants, pictures and categories.' },
  read_content: { title: 'See your content', detail: 'Pages and other content of your store.' },
  write_content: { title: 'Change your content', detail: 'Create, edit and delete pages and other content.' },
  write_scripts: { title: 'Add scripts to your storefront', detail: 'Its scripts run on your product pages, for your shoppers.' },
};

export interface AuthorizeView {
  request: AuthorizationRequest;
  /** The action of the page's forms (`/apps/{id}/authorize`). */
  path: string;
  state: string;
  csrf: string;
}

export interface SignInView extends AuthorizeView {
  username?: string;
  error?: string;
}

export interface ConsentView extends AuthorizeView {
  username: string;
  stores: OwnerStoresQuery['myStores'];
}

const hidden = (view: AuthorizeView) => html`<input type="hidden" name="csrf" value="${view.csrf}"><input type="hidden" name="state" value="${view.state}">`;

function appHeading(request: AuthorizationRequest, id: string): Html {
  const { app } = request;
  return html`<div class="app-head"><div class="app-mark" aria-hidden="true">${(app.name.trim()[0] ?? '?').toUpperCase()}</div>
<div><h1 id="${id}">${app.name}</h1><p class="muted">wants access to one of your stores</p></div></div>`;
}

/** Refusing needs no sign-in: the app hears `access_denied` either way. */
const refuseForm = (view: AuthorizeView, label: string) =>
  html`<form method="post" action="${view.path}">${hidden(view)}<input type="hidden" name="decision" value="refuse"><button type="submit" class="button-quiet">${label}</button></form>`;

export function signInDocument(view: SignInView): string {
  return pageDocument({
    title: `Sign in to authorise ${view.request.app.name} · Switchyard`,
    siteName: 'Switchyard',
    body: html`<section class="card narrow" aria-labelledby="app-name">
${appHeading(view.request, 'app-name')}
<p>Sign in with your Switchyard account to choose the store it may use.</p>
${view.error ? html`<p class="notice notice-error" role="alert">${view.error}</p>` : ''}
<form method="post" action="${view.path}/session" class="stack">
${hidden(view)}
<label>Username<input name="username" autocomplete="username" required value="${view.username ?? ''}"></label>
<label>Password<input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit" class="button-primary">Sign in</button>
</form>
${refuseForm(view, `Cancel and go back to ${view.request.app.name}`)}
</section>`,
  });
}

export function consentDocument(view: ConsentView): string {
  const { app } = view.request;
  const scopes = app.scopes.map((scope) => SCOPE_MEANINGS[scope] ?? { title: scope, detail: '' });
  const price = app.monthlyPriceCents > 0 ? (app.monthlyPriceCents / 100).toFixed(2) : undefined;
  const destination = new URL(app.redirectUrl).host;
  return pageDocument({
    title: `Authorise ${app.name} · Switchyard`,
    siteName: 'Switchyard',
    body: html`<section class="card narrow" aria-labelledby="app-name">
<div class="signed-in"><span class="muted">Signed in as <strong>${view.username}</strong></span>
<form method="post" action="${view.path}/session/end">${hidden(view)}<button type="submit" class="button-quiet">Sign out</button></form></div>
${appHeading(view.request, 'app-name')}
<div class="stack">
<h2 id="scopes-title">It asks to</h2>
<ul class="scopes" aria-labelledby="scopes-title">${scopes.map((scope) => html`<li><strong>${scope.title}</strong>${scope.detail ? html`<span>${scope.detail}</span>` : ''}</li>`)}</ul>
${price ? html`<p class="notice notice-info">This app costs ${price} a month after a 14-day trial.</p>` : ''}
</div>
${
  view.stores.length === 0
    ? html`<p class="notice notice-info" role="status">You have no store yet: create one first, then come back to this page.</p>`
    : html`<form method="post" action="${view.path}" class="stack">
${hidden(view)}
<label>Store<select name="store_id" required>${view.stores.map((store) => html`<option value="${store.id}">${store.name} (#${store.id})</option>`)}</select></label>
<p class="muted">Granting sends you back to <strong>${destination}</strong>.</p>
<div class="actions"><button type="submit" name="decision" value="refuse">Refuse</button><button type="submit" name="decision" value="grant" class="button-primary">Grant access</button></div>
</form>`
}
${view.stores.length === 0 ? refuseForm(view, `Refuse and go back to ${app.name}`) : ''}
</section>`,
  });
}
