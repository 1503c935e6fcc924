/**
 * The sample package of the README's try-it steps and of the tests: a small library module at
 * schema version 1, and its version 2, which adds a field and removes one that has data.
 */
export const SAMPLE_MODULE = 'library';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const manifest = (version: number) => ({
  module: SAMPLE_MODULE,
  schema_version: version,
  title: 'Library',
  main_language: 'en',
  languages: ['en', 'de'],
  roles: [
    { name: 'librarian', rank: 100 },
    { name: 'reader', rank: 10 },
  ],
  menu: [{ label: 'Books', path: '/library/books', min_role: 'reader' }],
});

const author = { name: 'Author', fields: [{ name: 'name', type: 'string', required: true, max_length: 120 }, { name: 'bio', type: 'text' }] };
const bookFields = [
  { name: 'title', type: 'string', required: true, max_length: 200 },
  { name: 'isbn', type: 'string', max_length: 20, unique: true },
  { name: 'pages', type: 'integer' },
  { name: 'price', type: 'decimal' },
  { name: 'available', type: 'boolean', default: true },
  { name: 'published', type: 'date' },
  { name: 'author', type: 'ref', to: 'Author' },
  { name: 'details', type: 'json' },
];

const seed = {
  Author: [{ name: 'Ursula K. Le Guin' }, { name: 'Italo Calvino', bio: 'Wrote about cities.' }],
  Book: [
    { title: 'The Dispossessed', isbn: '9780060512750', pages: 387, price: '9.99', published: '1974-05-01', author: 1 },
    { title: 'A Wizard of Earthsea', isbn: '9780547773742', pages: 183, author: 1, details: { series: 'Earthsea' } },
    { title: 'Invisible Cities', isbn: '9780156453806', pages: 165, available: false, author: 2 },
  ],
};

const page = `import React from 'react';

export interface Book {
  id: number;
  title: string;
}

export function BookList({ books }: { books: Book[] }) {
  return <ul>{books.map((book) => <li key={book.id}>{book.title}</li>)}</ul>;
}
`;

function withoutPages(rows: typeof seed): typeof seed {
  return { ...rows, Book: rows.Book.map(({ pages: _removed, ...book }) => book) as typeof seed.Book };
}

/** The files of the package at `version` (1 or 2), by their path in the ZIP. */
export function samplePackageFiles(version: 1 | 2 = 1): Record<string, string> {
  const files: Record<string, string> = {
    'manifest.json': json(manifest(version)),
    [`backend/${SAMPLE_MODULE}/seed.json`]: json(version === 1 ? seed : withoutPages(seed)),
    [`backend/${SAMPLE_MODULE}/locales/en.json`]: json({ 'books.title': 'Books', 'books.empty': 'No books yet' }),
    [`backend/${SAMPLE_MODULE}/locales/de.json`]: json({ 'books.title': 'Bücher', 'books.empty': 'Noch keine Bücher' }),
    [`backend/${SAMPLE_MODULE}/hooks/on-create.ts`]: 'export function onCreate(record: { title: string }): string {\n  return record.title.trim();\n}\n',
    [`frontend/src/${SAMPLE_MODULE}/BookList.tsx`]: page,
    [`frontend/src/${SAMPLE_MODULE}/library.css`]: 'ul { list-style: none; }\n',
    'frontend/app_additions.json': json({ routes: [{ path: '/library/books', component: 'BookList' }], menu_items: [{ label: 'Books', path: '/library/books' }] }),
  };
  if (version === 1) {
    files[`backend/${SAMPLE_MODULE}/models.json`] = json({ models: [author, { name: 'Book', fields: bookFields }] });
    return files;
  }
  const v2Fields = [...bookFields.filter((field) => field.name !== 'pages'), { name: 'subtitle', type: 'string', max_length: 200 }];
  files[`backend/${SAMPLE_MODULE}/models.json`] = json({ models: [author, { name: 'Book', fields: v2Fields }] });
  files['upgrade.json'] = json({
    schema_version: 2,
    versions: [
      {
        version: 2,
        operations: [
          { op: 'add_field', model: 'Book', name: 'subtitle' },
          { op: 'remove_field', model: 'Book', name: 'pages' },
        ],
      },
    ],
  });
  return files;
}
