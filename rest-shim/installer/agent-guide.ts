/** What `GET /backend/api/installer/agent-guide` tells an agent: enough to install without reading the docs. */
export function agentGuide(maxPackageBytes: number) {
  const base = '/backend/api/installer';
  return {
    name: 'Switchyard installer',
    procedure: [
      `GET ${base}/status: the installer must say {"enabled": true}.`,
      `POST ${base}/install-package with the package ZIP and an optional config; expect 200 with migrate_deferred: true.`,
      'When restart_required is true, restart the backend: the install is applied at start (tables, seed, texts, admin).',
      `GET ${base}/installed until the module is listed; GET ${base}/status shows a pending install's error if it failed.`,
      `To change an installed module, POST ${base}/upgrade-package with the new package; answer a 409 preview by resending with ?confirm=1 or config.confirm: true.`,
    ],
    body_shapes: {
      multipart: 'multipart/form-data with a file part "package" (the ZIP) and an optional field "config" (JSON text)',
      json: 'application/json {"package_b64": "<base64 of the ZIP>", "config": {...}} ("package" is accepted for "package_b64")',
      raw: `the ZIP itself (application/zip or application/octet-stream), with ?config=<url-encoded JSON>`,
    },
    config: { admin: { email: 'string', password: 'string', username: 'optional, 5-20 of [A-Za-z0-9_]' }, email: 'object', payments: 'object', confirm: 'upgrade only: true confirms' },
    responses: {
      200: 'install: {"success": true, "module", "installed_files", "manifest", "migrate_deferred": true, "restart_required"}; upgrade: {"success", "from_version", "to_version", "backup_path"} or {"success": false, "rolled_back": true, "error"}',
      400: '{"detail": [{"package": ["missing-package|invalid-json|invalid-base64|invalid-config|not-a-zip|not-installed|already-up-to-date"]}]}',
      403: '{"detail": [{"auth": ["forbidden"]}], "code": "installer_forbidden", "reason"}',
      404: 'the installer is disabled (INSTALLER=false); only status answers',
      409: 'install: {"detail": [{"package": ["already-installed"]}]}; upgrade: {"needs_confirmation": true, "preview": {"changes": [{"op", "model", "name", "severity", "rows"}]}}',
      422: '{"detail": [{"package": ["package-invalid: <path>: line N: <message>", ...]}]}: every problem at once',
    },
    rules: [
      'Call from the machine itself (loopback), or send X-Installer-Token when the backend has INSTALLER_AGENT_TOKEN set; a bearer JWT does not replace it.',
      `Packages are at most ${maxPackageBytes} bytes, 5000 entries and 200 MiB unpacked; no symlinks, absolute paths or "..".`,
      'Every path is under manifest.json, upgrade.json, backend/<module>/, frontend/src/<module>/ or frontend/app_additions.json.',
      'The package format is in the README of the installer subgraph.',
    ],
  };
}
