import type { Static } from '@sinclair/typebox';
import type { InstallResultFieldsFragment, InstallerInstalledQuery, InstallerStatusQuery, UpgradeResultFieldsFragment } from '../generated/graph';
import type { InstallResult, InstalledModules, InstallerStatus, NeedsConfirmation, UpgradeResult } from './installer-schemas';

/** The graph's answers in the installer's snake_case bodies (installer.md). */

export function statusBody({ installerStatus: status }: InstallerStatusQuery): Static<typeof InstallerStatus> {
  if (!status.enabled) return { enabled: false };
  return {
    enabled: true,
    agent_guide: status.agentGuide ?? undefined,
    pending: (status.pending ?? []).map((pending) => ({ module: pending.module, since: pending.since, error: pending.error })),
  };
}

export function installedBody({ installedModules }: InstallerInstalledQuery): Static<typeof InstalledModules> {
  return { modules: installedModules.map((live) => ({ module: live.module, version: live.version, title: live.title, live_since: live.liveSince })) };
}

export function installBody(result: InstallResultFieldsFragment): Static<typeof InstallResult> {
  return {
    success: true,
    module: result.module,
    installed_files: result.installedFiles,
    manifest: result.manifest,
    frontend_ok: result.frontendOk,
    migrate_ok: null,
    migrate_output: result.migrateOutput,
    seed_ok: null,
    seed_output: result.seedOutput,
    migrate_deferred: true,
    restart_required: result.restartRequired,
  };
}

/** 409 with the preview until confirmed; otherwise the upgrade's outcome. */
export function upgradeAnswer(result: UpgradeResultFieldsFragment): { status: number; body: Static<typeof UpgradeResult> | Static<typeof NeedsConfirmation> } {
  if (result.needsConfirmation && result.preview) {
    const preview = result.preview;
    return {
      status: 409,
      body: {
        needs_confirmation: true,
        preview: {
          module: preview.module,
          installed_version: preview.installedVersion,
          target_version: preview.targetVersion,
          up_to_date: preview.upToDate,
          requires_confirmation: preview.requiresConfirmation,
          changes: preview.changes.map((change) => ({
            version: change.version,
            op: change.op,
            model: change.model,
            name: change.name,
            old_name: change.oldName,
            from: change.from,
            to: change.to,
            severity: change.severity as 'destructive' | 'lossy' | 'safe',
            rows: change.rows,
          })),
        },
      },
    };
  }
  const body: Static<typeof UpgradeResult> = result.success
    ? { success: true, module: result.module ?? undefined, from_version: result.fromVersion ?? undefined, to_version: result.toVersion ?? undefined, migrate_ok: true, backup_path: result.backupPath ?? undefined, restart_required: false }
    : { success: false, migrate_ok: false, rolled_back: true, backup_path: result.backupPath ?? undefined, error: result.error ?? undefined };
  return { status: 200, body };
}
