import { Type } from '@sinclair/typebox';

/** The installer's wire shapes (installer.md, decisions.md), snake_case as the legacy callers read them. */

const Json = Type.Unknown();

export const InstallerError = Type.Object(
  {
    detail: Type.Union([Type.String(), Type.Array(Type.Record(Type.String(), Type.Array(Type.String())))]),
    code: Type.Optional(Type.String()),
    reason: Type.Optional(Type.String()),
    request_id: Type.Optional(Type.String()),
  },
  { description: '`{"detail": [{"package": ["<reason>"]}]}`; 403 adds `code` installer_forbidden and `reason`' },
);

export const InstallerStatus = Type.Object(
  {
    enabled: Type.Boolean(),
    agent_guide: Type.Optional(Type.String()),
    pending: Type.Optional(Type.Array(Type.Object({ module: Type.String(), since: Type.String(), error: Type.Union([Type.String(), Type.Null()]) }))),
  },
  { description: 'Always answers, also when INSTALLER=false (then only `enabled`)' },
);

export const InstalledModules = Type.Object(
  { modules: Type.Array(Type.Object({ module: Type.String(), version: Type.Integer(), title: Type.String(), live_since: Type.String() })) },
  { description: 'Live modules, sorted by name' },
);

export const PackageQuery = Type.Object({
  config: Type.Optional(Type.String({ description: 'The install config as JSON, for a raw ZIP body' })),
  confirm: Type.Optional(Type.String({ description: 'upgrade-package: `1` or `true` confirms a destructive or lossy upgrade' })),
});

export const PackageBody = Type.Object(
  {
    package_b64: Type.Optional(Type.String({ description: 'base64 of the ZIP (JSON body); `package` is accepted too' })),
    package: Type.Optional(Type.String({ description: 'multipart: the ZIP file part; JSON: base64 of the ZIP' })),
    config: Type.Optional(Type.Record(Type.String(), Json, { description: '`{"admin": {"email", "password", "username"?}, "email", "payments", "confirm"}`' })),
  },
  { description: 'multipart/form-data (`package` file, `config` JSON field), JSON, or the raw ZIP (application/zip) with `?config=`' },
);

export const InstallResult = Type.Object({
  success: Type.Literal(true),
  module: Type.String(),
  installed_files: Type.Array(Type.String()),
  manifest: Type.Record(Type.String(), Json),
  frontend_ok: Type.Boolean(),
  migrate_ok: Type.Null(),
  migrate_output: Type.String(),
  seed_ok: Type.Null(),
  seed_output: Type.String(),
  migrate_deferred: Type.Literal(true),
  restart_required: Type.Boolean(),
});

export const UpgradeChange = Type.Object({
  version: Type.Integer(),
  op: Type.String(),
  model: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  old_name: Type.Union([Type.String(), Type.Null()]),
  from: Json,
  to: Json,
  severity: Type.Union([Type.Literal('destructive'), Type.Literal('lossy'), Type.Literal('safe')]),
  rows: Type.Union([Type.Integer(), Type.Null()]),
});

export const UpgradePreview = Type.Object({
  module: Type.String(),
  installed_version: Type.Integer(),
  target_version: Type.Integer(),
  up_to_date: Type.Boolean(),
  requires_confirmation: Type.Boolean(),
  changes: Type.Array(UpgradeChange),
});

export const UpgradeResult = Type.Object(
  {
    success: Type.Boolean(),
    module: Type.Optional(Type.String()),
    from_version: Type.Optional(Type.Integer()),
    to_version: Type.Optional(Type.Integer()),
    migrate_ok: Type.Boolean(),
    backup_path: Type.Optional(Type.String()),
    restart_required: Type.Optional(Type.Boolean()),
    rolled_back: Type.Optional(Type.Boolean()),
    error: Type.Optional(Type.String()),
  },
  { description: 'Done (`success: true`), or rolled back with every row kept (`success: false, rolled_back: true`). 409 `{"needs_confirmation": true, "preview"}` until confirmed.' },
);

export const NeedsConfirmation = Type.Object({ needs_confirmation: Type.Literal(true), preview: UpgradePreview });

export const GeneratorBody = Type.Object({
  app_id: Type.Union([Type.String({ minLength: 1 }), Type.Integer()], { description: 'The generated app, as the generator lists it' }),
  config: Type.Optional(Type.Record(Type.String(), Json)),
  confirm: Type.Optional(Type.Boolean()),
});

export const AgentGuide = Type.Record(Type.String(), Json, { description: 'How an agent installs: procedure, body shapes, answers, rules' });
