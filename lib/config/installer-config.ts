import type { EnvReader } from './env-reader';

export interface InstallerConfig {
  /** `INSTALLER`: false unmounts every installer route but `status`. @default true */
  enabled: boolean;
  /** `INSTALLER_AGENT_TOKEN`: when set, every install or upgrade caller must send it as `X-Installer-Token`. */
  agentToken?: string;
  /** `INSTALLER_MAX_PACKAGE_MB`: the largest package body accepted, in MiB. @default 50 */
  maxPackageBytes: number;
}

export function readInstallerConfig(read: EnvReader): InstallerConfig {
  return {
    enabled: read.boolean('INSTALLER', true),
    agentToken: read.optionalString('INSTALLER_AGENT_TOKEN'),
    maxPackageBytes: read.integer('INSTALLER_MAX_PACKAGE_MB', 50, { min: 1, max: 1024 }) * 1024 * 1024,
  };
}
