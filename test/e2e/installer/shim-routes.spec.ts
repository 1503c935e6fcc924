import { zipFiles } from '../../../subgraphs/installer/sample/zip-writer';
import { bearer, postJson, send } from '../../support/http';
import { freshAdmin } from './installer-client';
import { DIALECTS, launchInstallerStack, type InstallerStack } from './installer-stack';
import { installerState } from './installer-state';
import { INSTALLER, postMultipart, postRaw, sampleAs } from './shim-client';

describe.each(DIALECTS)('installer through the shim: body shapes and errors [%s]', (dialect) => {
  let stack: InstallerStack;
  let before: Awaited<ReturnType<typeof installerState>>;
  const admin = freshAdmin();
  const url = (path: string) => `${stack.shimUrl}${INSTALLER}${path}`;

  beforeAll(async () => {
    stack = await launchInstallerStack(dialect);
    before = await installerState(stack);
  }, 90_000);
  afterAll(() => stack?.stop());

  /** Expects the answer, then that nothing was written. */
  async function refusedWith(response: { status: number; body: unknown }, status: number, body: unknown) {
    expect({ status: response.status, body: response.body }).toEqual({ status, body });
    expect(await installerState(stack)).toEqual(before);
  }

  it('answers status and the agent guide', async () => {
    expect((await send(url('/status'))).body).toEqual({ enabled: true, agent_guide: `${INSTALLER}/agent-guide`, pending: [] });
    const guide = await send(url('/agent-guide'));
    expect(guide.status).toBe(200);
    expect(guide.body.body_shapes).toEqual(expect.objectContaining({ multipart: expect.any(String), json: expect.any(String), raw: expect.any(String) }));
  });

  it.each([
    ['JSON that does not parse', () => send(url('/install-package'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"package_b64": ' }), 'invalid-json'],
    ['JSON without a package', () => postJson(url('/install-package'), { config: {} }), 'missing-package'],
    ['JSON with bad base64', () => postJson(url('/install-package'), { package_b64: 'not*base64' }), 'invalid-base64'],
    ['JSON whose config is not an object', async () => postJson(url('/install-package'), { package_b64: (await zipFiles(sampleAs('shelf'))).toString('base64'), config: 'x' }), 'invalid-config'],
    ['a raw ZIP whose ?config= is not JSON', async () => postRaw(url('/install-package'), await zipFiles(sampleAs('shelf')), '{nope'), 'invalid-config'],
    ['an empty raw body', () => send(url('/install-package'), { method: 'POST', headers: { 'content-type': 'application/zip' } }), 'missing-package'],
    ['multipart without a package part', () => postMultipart(url('/install-package'), undefined, {}), 'missing-package'],
    ['bytes that are no ZIP', () => postRaw(url('/install-package'), Buffer.from('just text, not a zip')), 'not-a-zip'],
  ])('answers 400 for %s, writing nothing', async (_case, request, reason) => {
    await refusedWith(await request(), 400, { detail: [{ package: [reason] }] });
  });

  it('answers 422 with every problem and its line', async () => {
    const files = { ...sampleAs('shelf'), 'backend/shelf/hooks/bad.ts': 'let x = ;\n\nlet y = ;\n' };
    await refusedWith(await postRaw(url('/install-package'), await zipFiles(files)), 422, {
      detail: [{ package: ['package-invalid: backend/shelf/hooks/bad.ts: line 1: Expression expected.', 'package-invalid: backend/shelf/hooks/bad.ts: line 3: Expression expected.'] }],
    });
  });

  it('installs in each body shape, then refuses the same module with 409', async () => {
    const multipart = await postMultipart(url('/install-package'), await zipFiles(sampleAs('shelf')), { admin });
    expect(multipart.status).toBe(200);
    expect(multipart.body).toMatchObject({ success: true, module: 'shelf', migrate_deferred: true, migrate_ok: null, seed_ok: null, restart_required: true, frontend_ok: true });
    const json = await postJson(url('/install-package'), { package_b64: (await zipFiles(sampleAs('archive'))).toString('base64'), config: { admin } });
    expect(json.body).toMatchObject({ success: true, module: 'archive' });
    const raw = await postRaw(url('/install-package'), await zipFiles(sampleAs('catalog')), { admin });
    expect(raw.body).toMatchObject({ success: true, module: 'catalog', installed_files: expect.arrayContaining(['manifest.json']) });
    const again = await postRaw(url('/install-package'), await zipFiles(sampleAs('catalog')));
    expect({ status: again.status, body: again.body }).toEqual({ status: 409, body: { detail: [{ package: ['already-installed'] }] } });
    expect((await send(url('/status'))).body.pending.map((pending: { module: string }) => pending.module)).toEqual(['shelf', 'archive', 'catalog']);
    expect((await send(url('/installed'))).body).toEqual({ modules: [] });
  });

  it('serves live modules and their records after the restart, with the store’s pagination', async () => {
    await stack.restartInstaller();
    expect((await send(url('/installed'))).body.modules.map((live: { module: string }) => live.module)).toEqual(['archive', 'catalog', 'shelf']);
    const token = (await postJson(`${stack.shimUrl}/auth/login`, { username: admin.username, password: admin.password })).body.token;
    const books = `${stack.shimUrl}/backend/api/shelf/book`;
    const page = await send(`${books}/?per_page=2&page=2`, { headers: bearer(token) });
    expect(page.status).toBe(200);
    expect(page.body.map((book: { id: number }) => book.id)).toEqual([3]);
    expect(page.headers.get('x-total-count')).toBe('3');
    // Absolute links in the store's order, keeping the other parameters of the request.
    const filtered = await send(`${books}/?per_page=2&page=2&sort=id`, { headers: bearer(token) });
    expect(filtered.headers.get('link')).toBe(
      [`<${books}/?page=1&per_page=2&sort=id>; rel="first"`, `<${books}/?page=1&per_page=2&sort=id>; rel="prev"`, `<${books}/?page=2&per_page=2&sort=id>; rel="last"`].join(', '),
    );

    const created = await postJson(books, { title: 'Solaris', author: 1, available: true }, bearer(token));
    expect(created.status).toBe(201);
    const id = created.body.id;
    const changed = await send(`${books}/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json', ...bearer(token) }, body: JSON.stringify({ pages: 204, author: null }) });
    expect(changed.body).toMatchObject({ id, title: 'Solaris', pages: 204, author: null });
    expect((await send(`${books}/${id}`, { headers: bearer(token) })).body).toMatchObject({ id, pages: 204 });
    expect((await send(`${books}/${id}`, { method: 'DELETE', headers: bearer(token) })).body).toEqual({ deleted: true });
    expect((await send(`${books}/${id}`, { headers: bearer(token) })).status).toBe(404);
  });

  it('refuses bad record requests with clear errors and changes nothing', async () => {
    const token = (await postJson(`${stack.shimUrl}/auth/login`, { username: admin.username, password: admin.password })).body.token;
    const books = `${stack.shimUrl}/backend/api/shelf/book`;
    const count = async () => (await send(`${books}/`, { headers: bearer(token) })).headers.get('x-total-count');
    const total = await count();
    expect((await postJson(books, { title: 'x' })).status).toBe(401);
    const stranger = (await postJson(`${stack.shimUrl}/user/createFromEmailPassword`, { ...freshAdmin() })).body.token;
    expect((await postJson(books, { title: 'x' }, bearer(stranger))).status).toBe(403);
    const wrong = await postJson(books, { title: 7, colour: 'red' }, bearer(token));
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: 400, body: { detail: [{ title: ['title must be a string'], colour: ['colour is not a field of the model'] }] } });
    const dangling = await postJson(books, { title: 'x', author: 99 }, bearer(token));
    expect(dangling.status).toBe(400);
    const duplicate = await postJson(books, { title: 'x', isbn: '9780060512750' }, bearer(token));
    expect(duplicate.status).toBe(409);
    expect((await send(`${books}/`, { method: 'PATCH', headers: bearer(token) })).status).toBe(405);
    expect((await send(`${stack.shimUrl}/backend/api/shelf/nothing/`, { headers: bearer(token) })).status).toBe(404);
    expect(await count()).toBe(total);
  });

  it('answers an upgrade with the 409 preview, then applies it when confirmed', async () => {
    const zip = await zipFiles(sampleAs('shelf', 2));
    const preview = await postRaw(url('/upgrade-package'), zip);
    expect(preview.status).toBe(409);
    expect(preview.body).toMatchObject({
      needs_confirmation: true,
      preview: { module: 'shelf', installed_version: 1, target_version: 2, requires_confirmation: true, changes: [{ op: 'add_field', severity: 'safe', rows: 0 }, { op: 'remove_field', model: 'Book', name: 'pages', severity: 'destructive', rows: 3 }] },
    });
    const done = await postRaw(`${url('/upgrade-package')}?confirm=1`, zip);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, module: 'shelf', from_version: 1, to_version: 2, migrate_ok: true, restart_required: false, backup_path: expect.stringContaining('shelf_v1_') });
    const notInstalled = await postMultipart(url('/upgrade-package'), await zipFiles(sampleAs('ghost', 2)), { confirm: true });
    expect({ status: notInstalled.status, body: notInstalled.body }).toEqual({ status: 400, body: { detail: [{ package: ['not-installed'] }] } });
    const upToDate = await postMultipart(url('/upgrade-package'), zip, { confirm: true });
    expect({ status: upToDate.status, body: upToDate.body }).toEqual({ status: 400, body: { detail: [{ package: ['already-up-to-date'] }] } });
  });

  it('answers 405 for other methods on the package routes', async () => {
    expect((await send(url('/install-package'))).status).toBe(405);
    expect((await send(url('/nothing-here'))).status).toBe(404);
  });
});
