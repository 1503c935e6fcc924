import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { samplePackageFiles } from '../../sample/sample-package';
import { validatePackage } from './package-validation';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'package-validation-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function writePackage(files: Record<string, string>): string[] {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return Object.keys(files).sort();
}

async function problemsOf(files: Record<string, string>): Promise<string[]> {
  const error = await validatePackage(root, writePackage(files)).then(
    () => undefined,
    (caught: { extensions: { code: string; details: { package: string[] } } }) => caught,
  );
  if (!error) throw new Error('the package passed');
  expect(error.extensions.code).toBe('UNPROCESSABLE');
  return error.extensions.details.package;
}

const models = 'backend/library/models.json';
const edit = (changes: Record<string, string | undefined>) => {
  const files: Record<string, string> = { ...samplePackageFiles(1) };
  for (const [path, content] of Object.entries(changes)) {
    if (content === undefined) delete files[path];
    else files[path] = content;
  }
  return files;
};

describe('validatePackage', () => {
  it('accepts the sample package and returns its parsed contents', async () => {
    const contents = await validatePackage(root, writePackage(samplePackageFiles(1)));
    expect(contents.manifest.module).toBe('library');
    expect(contents.models.models.map((model) => model.name)).toEqual(['Author', 'Book']);
    expect(contents.seed.Book).toHaveLength(3);
    expect(Object.keys(contents.locales).sort()).toEqual(['de', 'en']);
  });

  it('accepts the upgrade package, upgrade.json included', async () => {
    const contents = await validatePackage(root, writePackage(samplePackageFiles(2)));
    expect(contents.upgrade?.versions[0].operations.map((op) => op.op)).toEqual(['add_field', 'remove_field']);
  });

  it('lists every JSON syntax error and every source syntax error, each with its line, in one answer', async () => {
    const problems = await problemsOf(
      edit({
        'backend/library/seed.json': '{\n  "Author": [\n    {"name": "x",}\n  ]\n}\n',
        'backend/library/locales/de.json': '{\n  // comment\n  "a": "b"\n}\n',
        'backend/library/hooks/on-create.ts': 'export function onCreate(record) {\n  return record.;\n}\n',
        'frontend/src/library/BookList.tsx': 'export const A = () => <div>ok</div>;\nconst a = ;\n\nconst b = ;\n',
        'frontend/src/library/legacy.js': 'var x = ;\n',
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^package-invalid: backend\/library\/seed.json: line 3: invalid JSON/),
        expect.stringMatching(/^package-invalid: backend\/library\/locales\/de.json: line 2: invalid JSON \(InvalidCommentToken\)/),
        'package-invalid: backend/library/hooks/on-create.ts: line 2: Identifier expected.',
        'package-invalid: frontend/src/library/BookList.tsx: line 2: Expression expected.',
        'package-invalid: frontend/src/library/BookList.tsx: line 4: Expression expected.',
        'package-invalid: frontend/src/library/legacy.js: line 1: Expression expected.',
      ]),
    );
  });

  it('reports schema errors at the line of the offending value, all of them', async () => {
    const text = JSON.stringify({ models: [{ name: 'Book', fields: [{ name: 'title', type: 'strin' }, { name: 'Bad Name', type: 'text', extra: 1 }] }] }, null, 2);
    const problems = await problemsOf(edit({ [models]: text, 'backend/library/seed.json': undefined }));
    const lineOf = (needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;
    expect(problems).toEqual(
      expect.arrayContaining([
        `package-invalid: ${models}: line ${lineOf('"strin"')}: /models/0/fields/0/type must be one of string, text, integer, decimal, boolean, date, datetime, time, json, ref`,
        `package-invalid: ${models}: line ${lineOf('"Bad Name"')}: /models/0/fields/1/name must match pattern "^[a-z][a-z0-9_]{0,59}$"`,
        expect.stringMatching(new RegExp(`^package-invalid: ${models}: line \\d+: /models/0/fields/1 has an unknown property "extra"`)),
      ]),
    );
  });

  it('checks references and seed rows against the models', async () => {
    const text = JSON.stringify({ models: [{ name: 'Book', fields: [{ name: 'title', type: 'string', required: true, max_length: 5 }, { name: 'shelf', type: 'ref', to: 'Shelf' }, { name: 'id', type: 'integer' }] }] }, null, 2);
    const seed = JSON.stringify({ Book: [{ title: 'Far too long', colour: 'red' }, { shelf: 'x' }], Ghost: [] }, null, 2);
    const problems = await problemsOf(edit({ [models]: text, 'backend/library/seed.json': seed }));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/models.json: line \d+: Book.shelf: "to" names Shelf, which is not a model of this module$/),
        expect.stringMatching(/models.json: line \d+: Book.id: id is given to every model/),
        expect.stringMatching(/seed.json: line 5: Book\[0\].colour is not a field of the model$/),
        expect.stringMatching(/seed.json: line 4: Book\[0\].title must be at most 5 characters$/),
        expect.stringMatching(/seed.json: line \d+: Book\[1\].title is required$/),
        expect.stringMatching(/seed.json: line \d+: Book\[1\].shelf must be the id/),
        expect.stringMatching(/seed.json: line \d+: Ghost is not a model of this module$/),
      ]),
    );
  });

  it.each([
    ['store', 'is a platform name'],
    ['Library', 'must match'],
    ['x', 'must match'],
  ])('refuses the module name %s', async (module, reason) => {
    const manifest = JSON.parse(samplePackageFiles(1)['manifest.json']);
    const problems = await problemsOf(edit({ 'manifest.json': JSON.stringify({ ...manifest, module }, null, 2) }));
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^package-invalid: manifest.json: line 2: module "${module}" ${reason}`))]));
  });

  it('refuses files outside the manifest module folders, locales of other languages and a missing models.json', async () => {
    const problems = await problemsOf(edit({ [models]: undefined, 'frontend/src/other/page.tsx': 'export {};\n', 'backend/library/locales/fr.json': '{}' }));
    expect(problems).toEqual(
      expect.arrayContaining([
        `package-invalid: ${models}: line 1: the package has no models.json for its module`,
        "package-invalid: frontend/src/other/page.tsx: is outside the module's folders (backend/library/, frontend/src/library/)",
        "package-invalid: backend/library/locales/fr.json: fr is not among the manifest's languages (en, de)",
      ]),
    );
  });

  it('refuses a package without a manifest', async () => {
    expect(await problemsOf(edit({ 'manifest.json': undefined }))).toEqual(['package-invalid: manifest.json: line 1: the package has no manifest.json']);
  });

  it('checks upgrade.json against the target models', async () => {
    const files = samplePackageFiles(2);
    const upgrade = JSON.parse(files['upgrade.json']);
    upgrade.versions[0].operations.push({ op: 'add_field', model: 'Book', name: 'ghost' }, { op: 'remove_field', model: 'Book', name: 'title' }, { op: 'alter_field', model: 'Book', name: 'title' });
    const problems = await problemsOf({ ...files, 'upgrade.json': JSON.stringify(upgrade, null, 2) });
    expect(problems).toEqual([
      expect.stringMatching(/upgrade.json: line \d+: add_field Book: field ghost is missing from models.json$/),
      expect.stringMatching(/upgrade.json: line \d+: remove_field Book: field title is still in models.json$/),
      expect.stringMatching(/upgrade.json: line \d+: alter_field Book: needs "from_decl" and "to_decl"$/),
    ]);
  });

  it('lists a bad field type, a seed row naming an unknown field and a syntax error in one answer, judging the seed by the models that validated', async () => {
    const files = samplePackageFiles(1);
    const modelsFile = JSON.parse(files[models]);
    modelsFile.models[1].fields.find((field: { name: string }) => field.name === 'pages').type = 'number';
    const seed = JSON.parse(files['backend/library/seed.json']);
    seed.Book[1].colour = 'red';
    seed.Author[0].name = 42;
    const problems = await problemsOf({
      ...files,
      [models]: JSON.stringify(modelsFile, null, 2),
      'backend/library/seed.json': JSON.stringify(seed, null, 2),
      'backend/library/hooks/on-create.ts': 'export function onCreate(record) {\n  return record.;\n}\n',
    });
    expect(problems).toEqual([
      'package-invalid: backend/library/hooks/on-create.ts: line 2: Identifier expected.',
      expect.stringMatching(/^package-invalid: backend\/library\/models.json: line \d+: \/models\/1\/fields\/2\/type must be one of string, /),
      expect.stringMatching(/^package-invalid: backend\/library\/seed.json: line \d+: Author\[0\].name must be a string$/),
      expect.stringMatching(/^package-invalid: backend\/library\/seed.json: line \d+: Book\[1\].colour is not a field of the model$/),
    ]);
    // `pages` is declared (badly): its seed values go unjudged, and its name is no unknown field.
    expect(problems.join('\n')).not.toMatch(/pages/);
  });

  it('takes an alter_field whose from_decl and to_decl carry the field’s name, and refuses one naming another field', async () => {
    const files = samplePackageFiles(2);
    const upgrade = JSON.parse(files['upgrade.json']);
    const title = { name: 'title', type: 'string', required: true, max_length: 200 };
    upgrade.versions[0].operations.push({ op: 'alter_field', model: 'Book', name: 'title', from_decl: { ...title, max_length: 100 }, to_decl: title });
    await expect(validatePackage(root, writePackage({ ...files, 'upgrade.json': JSON.stringify(upgrade, null, 2) }))).resolves.toMatchObject({ manifest: { module: 'library' } });

    rmSync(root, { recursive: true, force: true });
    upgrade.versions[0].operations[2] = { op: 'alter_field', model: 'Book', name: 'title', from_decl: { ...title, name: 'isbn' }, to_decl: { ...title, name: 'subtitle' } };
    expect(await problemsOf({ ...files, 'upgrade.json': JSON.stringify(upgrade, null, 2) })).toEqual([
      expect.stringMatching(/upgrade.json: line \d+: alter_field Book: from_decl: name isbn is not the altered field, title$/),
      expect.stringMatching(/upgrade.json: line \d+: alter_field Book: to_decl: name subtitle is not the altered field, title$/),
    ]);
  });
});
