import type { EnvReader } from './env-reader';

export interface InstallerConfig {
  /** The installer's routes (`INSTALLER`): `false` unmounts every one but `status`, which then answers `{"enabled": false}`; live modules keep serving. @default true */
  enabled: boolean;
  /** When set (`INSTALLER_AGENT_TOKEN`), every install or upgrade caller must send it as `X-Installer-Token`, loopback included; unset, only loopback callers may install. */
  agentToken?: string;
  /** The largest package body accepted, in MiB (`INSTALLER_MAX_PACKAGE_MB`). @default 50 */
  maxPackageBytes: number;
}

export function readInstallerConfig(read: EnvReader): InstallerConfig {
  return {
    enabled: read.boolean('INSTALLER', true),
    agentToken: read.optionalString('INSTALLER_AGENT_TOKEN'),
    maxPackageBytes: read.integer('INSTALLER_MAX_PACKAGE_MB', 50, { min: 1, max: 1024 }) * 1024 * 1024,
  };
}
