import { getMetadataStorage } from 'type-graphql';

type FieldMetadata = ReturnType<typeof getMetadataStorage>['fields'][number];

/** A plain field of a type-graphql object type: no arguments and no field resolver, so its value is a property of the object. */
export interface PlainField {
  /** The property of the object it reads. */
  property: string;
  /** Whether type-graphql wraps its read in anything (middlewares, an authorization check). */
  guarded: boolean;
}

/** Per object type class: its plain fields by schema name. */
const plainFieldsByType = new WeakMap<Function, Map<string, PlainField>>();

/** The plain fields of `type` (a type-graphql object type class), by schema name. */
export function plainFieldsOf(type: Function): Map<string, PlainField> {
  let fields = plainFieldsByType.get(type);
  if (!fields) {
    const storage = getMetadataStorage();
    // A field resolver knows its object type once the schema is built; its resolver class always does.
    const objectTypeOf = (resolver: (typeof storage.fieldResolvers)[number]) =>
      resolver.getObjectType?.() ?? storage.resolverClasses.find((resolverClass) => resolverClass.target === resolver.target)?.getObjectType();
    const resolved = new Set(storage.fieldResolvers.filter((resolver) => objectTypeOf(resolver) === type).map((resolver) => resolver.schemaName));
    const guarded = (field: FieldMetadata) => (field.middlewares?.length ?? 0) > 0 || field.roles !== undefined;
    fields = new Map(
      storage.fields
        .filter((field) => field.target === type && !field.params?.length && !resolved.has(field.schemaName))
        .map((field) => [field.schemaName, { property: field.name, guarded: guarded(field) }]),
    );
    plainFieldsByType.set(type, fields);
  }
  return fields;
}
