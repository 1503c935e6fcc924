import { Type } from '@sinclair/typebox';

/** The live modules' data API: records of one model, by module and model name. */

export const ModelPath = Type.Object({
  module: Type.String({ description: 'A live module' }),
  model: Type.String({ description: 'One of its models, by name (`Book`) or table suffix (`book`)' }),
});

export const RecordPath = Type.Object({ ...ModelPath.properties, id: Type.Integer({ minimum: 1, description: 'The record id' }) });

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, description: '1-based; the first page when left out' })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'At most 200; 30 when left out' })),
});

export const ModuleRecord = Type.Record(Type.String(), Type.Unknown(), { description: '`id`, `created_at`, `updated_at` and the fields of the model' });
export const ModuleRecords = Type.Array(ModuleRecord, { description: 'One page; `X-Total-Count` and `Link` say the rest' });
export const RecordValues = Type.Object({}, { additionalProperties: true, description: 'Field values as JSON, checked against the model (null clears a field)' });
export const Deleted = Type.Object({ deleted: Type.Literal(true) });
