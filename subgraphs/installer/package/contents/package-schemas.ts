import { Type, type Static } from '@sinclair/typebox';
import { FIELD_NAME, FIELD_TYPES, MODEL_NAME } from './field-types';

/**
 * The JSON files of a package, as JSON Schemas (TypeBox) from which their TypeScript types come.
 * Checked with ajv, every error collected; what a schema cannot say (references between files)
 * is checked after.
 */
const Name = (pattern: RegExp) => Type.String({ pattern: pattern.source });
/** One of `values`, as a JSON Schema `enum`: one clear error instead of one per alternative. */
const OneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });

export const RoleSchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: 60 }), rank: Type.Integer({ minimum: 0, maximum: 1000 }) }, { additionalProperties: false });
export const MenuItemSchema = Type.Object(
  { label: Type.String({ minLength: 1 }), path: Type.String({ pattern: '^/' }), min_role: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

export const ManifestSchema = Type.Object({
  module: Type.String(),
  schema_version: Type.Integer({ minimum: 1 }),
  title: Type.String({ minLength: 1, maxLength: 200 }),
  main_language: Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$' }),
  languages: Type.Array(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$' }), { minItems: 1, uniqueItems: true }),
  roles: Type.Array(RoleSchema, { minItems: 1 }),
  menu: Type.Optional(Type.Array(MenuItemSchema)),
});
export type Manifest = Static<typeof ManifestSchema>;

const FieldTypeSchema = OneOf(FIELD_TYPES);

/** A field as a model declares it; also the `from_decl`/`to_decl` of `alter_field`. */
const fieldProperties = {
  type: FieldTypeSchema,
  required: Type.Optional(Type.Boolean()),
  max_length: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
  default: Type.Optional(Type.Unknown()),
  unique: Type.Optional(Type.Boolean()),
  to: Type.Optional(Name(MODEL_NAME)),
};
export const FieldDeclSchema = Type.Object(fieldProperties, { additionalProperties: false });
export type FieldDecl = Static<typeof FieldDeclSchema>;
export const FieldSchema = Type.Object({ name: Name(FIELD_NAME), ...fieldProperties }, { additionalProperties: false });
export type Field = Static<typeof FieldSchema>;
/**
 * `from_decl`/`to_decl` of `alter_field`: a declaration, which may carry the field's `name` as
 * models.json writes it (then it must be the operation's `name`, upgrade-checks.ts).
 */
export const AlteredFieldSchema = Type.Object({ name: Type.Optional(Name(FIELD_NAME)), ...fieldProperties }, { additionalProperties: false });

export const ModelSchema = Type.Object({ name: Name(MODEL_NAME), fields: Type.Array(FieldSchema) }, { additionalProperties: false });
export type Model = Static<typeof ModelSchema>;
export const ModelsFileSchema = Type.Object({ models: Type.Array(ModelSchema, { minItems: 1 }) }, { additionalProperties: false });
export type ModelsFile = Static<typeof ModelsFileSchema>;

export const SeedFileSchema = Type.Record(Type.String(), Type.Array(Type.Record(Type.String(), Type.Unknown())));
export type SeedFile = Static<typeof SeedFileSchema>;

export const LocaleFileSchema = Type.Record(Type.String({ minLength: 1 }), Type.String());
export type LocaleFile = Static<typeof LocaleFileSchema>;

export const UPGRADE_OPS = ['add_model', 'delete_model', 'rename_model', 'add_field', 'remove_field', 'rename_field', 'alter_field'] as const;
export const PROBE_KINDS = ['non_numeric', 'too_long', 'non_boolean', 'null_required', 'time_truncated'] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];

export const ProbeSchema = Type.Object(
  { kind: OneOf(PROBE_KINDS), pattern: Type.Optional(Type.String()), max_length: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
export const UpgradeOperationSchema = Type.Object(
  {
    op: OneOf(UPGRADE_OPS),
    model: Name(MODEL_NAME),
    name: Type.Optional(Type.String({ minLength: 1 })),
    old_name: Type.Optional(Type.String({ minLength: 1 })),
    from_decl: Type.Optional(AlteredFieldSchema),
    to_decl: Type.Optional(AlteredFieldSchema),
    destructive: Type.Optional(Type.Boolean()),
    lossy: Type.Optional(Type.Boolean()),
    probe: Type.Optional(ProbeSchema),
  },
  { additionalProperties: false },
);
export type UpgradeOperation = Static<typeof UpgradeOperationSchema>;
export const UpgradeFileSchema = Type.Object(
  {
    schema_version: Type.Integer({ minimum: 1 }),
    versions: Type.Array(Type.Object({ version: Type.Integer({ minimum: 1 }), operations: Type.Array(UpgradeOperationSchema) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type UpgradeFile = Static<typeof UpgradeFileSchema>;

export const AppAdditionsSchema = Type.Object(
  {
    routes: Type.Optional(Type.Array(Type.Object({ path: Type.String({ pattern: '^/' }), component: Type.String({ minLength: 1 }) }, { additionalProperties: false }))),
    menu_items: Type.Optional(Type.Array(MenuItemSchema)),
  },
  { additionalProperties: false },
);
export type AppAdditions = Static<typeof AppAdditionsSchema>;
