/** The field types a model may declare (installer.md, "The package"). */
export const FIELD_TYPES = ['string', 'text', 'integer', 'decimal', 'boolean', 'date', 'datetime', 'time', 'json', 'ref'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** `max_length` of a `string` field that declares none. */
export const DEFAULT_STRING_LENGTH = 255;

/** Columns every model gets; a package may not declare them. */
export const BUILT_IN_FIELDS = ['id', 'created_at', 'updated_at'] as const;

/** Names a module may not take: the platform's own. */
export const PLATFORM_NAMES = ['accounts', 'feed', 'store', 'installer', 'guard', 'user', 'i18n', 'web', 'admin', 'api'] as const;

export const MODULE_NAME = /^[a-z][a-z0-9_]{1,39}$/;
export const MODEL_NAME = /^[A-Z][A-Za-z0-9]{0,59}$/;
export const FIELD_NAME = /^[a-z][a-z0-9_]{0,59}$/;
