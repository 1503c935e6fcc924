/**
 * A module whose rows exercise every probe kind of the upgrade preview, at version 1, and its
 * version 2 altering each field with its probe. The seed makes each count known in advance.
 */
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const manifest = (version: number) => ({
  module: 'probes',
  schema_version: version,
  title: 'Probes',
  main_language: 'en',
  languages: ['en'],
  roles: [{ name: 'owner', rank: 10 }],
});

const v1Fields = [
  { name: 'code', type: 'string' },
  { name: 'long', type: 'text' },
  { name: 'flag', type: 'string' },
  { name: 'n', type: 'integer' },
  { name: 'at', type: 'datetime' },
];

export const PROBE_SEED = {
  Sample: [
    { code: '12', long: 'abcdef', flag: 'yes', n: 1, at: '2024-01-01T00:00:00Z' },
    { code: 'x1', long: 'ab', flag: 'maybe', n: null, at: '2024-01-01T10:30:00Z' },
    { code: '-3', long: 'abcd', flag: '0', at: '2024-02-01T00:00:00.500Z' },
    { code: null, long: null, flag: 'False', n: 4, at: null },
    { code: '4.5', long: 'xyz', flag: 'Nope', n: null, at: '2024-03-01T00:00:00+00:00' },
  ],
  Scrap: [{ label: 'a' }, { label: 'b' }],
};

/** Per probe: non_numeric 2 (x1, 4.5), too_long 2 (abcdef, abcd over 3), non_boolean 2 (maybe, Nope), null_required 3 (n), time_truncated 2. */
export const PROBE_COUNTS = { non_numeric: 2, too_long: 2, non_boolean: 2, null_required: 3, time_truncated: 2, delete_model: 2 };

export function probeFiles(version: 1 | 2): Record<string, string> {
  if (version === 1) {
    return {
      'manifest.json': json(manifest(1)),
      'backend/probes/models.json': json({ models: [{ name: 'Sample', fields: v1Fields }, { name: 'Scrap', fields: [{ name: 'label', type: 'string' }] }] }),
      'backend/probes/seed.json': json(PROBE_SEED),
    };
  }
  const v2Fields = [
    { name: 'code', type: 'integer' },
    { name: 'long', type: 'string', max_length: 3 },
    { name: 'flag', type: 'boolean' },
    { name: 'n', type: 'integer' },
    { name: 'at', type: 'date' },
  ];
  // Each to_decl is the field as models.json declares it, its `name` included (installer.md takes it when it is the operation's).
  const alter = (name: string, from: object, to: object, kind: string) => ({ op: 'alter_field', model: 'Sample', name, from_decl: from, to_decl: { name, ...to }, lossy: true, probe: { kind } });
  return {
    'manifest.json': json(manifest(2)),
    'backend/probes/models.json': json({ models: [{ name: 'Sample', fields: v2Fields }] }),
    'upgrade.json': json({
      schema_version: 2,
      versions: [
        {
          version: 2,
          operations: [
            alter('code', { type: 'string' }, { type: 'integer' }, 'non_numeric'),
            { ...alter('long', { type: 'text' }, { type: 'string', max_length: 3 }, 'too_long') },
            alter('flag', { type: 'string' }, { type: 'boolean' }, 'non_boolean'),
            alter('n', { type: 'integer' }, { type: 'integer', required: true }, 'null_required'),
            alter('at', { type: 'datetime' }, { type: 'date' }, 'time_truncated'),
            { op: 'delete_model', model: 'Scrap' },
          ],
        },
      ],
    }),
  };
}
