import Ajv from 'ajv';
import { Type, type Static } from '@sinclair/typebox';
import { malformedPackage } from '../../package/package-errors';

/** The install `config` of the spec: the module's admin, and settings the module may read. */
export const InstallConfigSchema = Type.Object(
  {
    admin: Type.Optional(
      Type.Object(
        {
          email: Type.String({ minLength: 3, maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+$' }),
          password: Type.String({ minLength: 1, maxLength: 128 }),
          /** The accounts username; derived from the e-mail address when absent. */
          username: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_]{5,20}$' })),
        },
        { additionalProperties: false },
      ),
    ),
    email: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    payments: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    confirm: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type InstallConfig = Static<typeof InstallConfigSchema>;

const validate = new Ajv({ allErrors: true, allowUnionTypes: true }).compile<InstallConfig>(InstallConfigSchema);

/** The caller's config, or 400 `invalid-config` naming what is wrong with it. */
export function readInstallConfig(raw: unknown): InstallConfig {
  const config = raw ?? {};
  if (validate(config)) return config;
  const reasons = (validate.errors ?? []).map((error) => `config${error.instancePath.replace(/\//g, '.')} ${error.message}`);
  throw malformedPackage('invalid-config', reasons.join('; '));
}
