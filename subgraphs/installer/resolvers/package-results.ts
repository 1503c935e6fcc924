import { APPLIED_NOW_OUTPUT, DEFERRED_OUTPUT, type InstallOutcome } from '../services/install/install.service';
import type { UpgradeOutcome } from '../services/upgrade/upgrade.service';
import type { InstallResultType } from '../types/install-result.type';
import type { UpgradeResultType } from '../types/upgrade-result.type';

/** The GraphQL shape of each upgrade outcome. */
export function upgradeResult(outcome: UpgradeOutcome): UpgradeResultType {
  switch (outcome.kind) {
    case 'needs-confirmation':
      return { success: false, needsConfirmation: true, preview: outcome.preview };
    case 'upgraded':
      return { ...outcome, success: true, needsConfirmation: false, migrateOk: true, restartRequired: false };
    case 'rolled-back':
      return { ...outcome, success: false, needsConfirmation: false, migrateOk: false, rolledBack: true };
  }
}

/** The install-package answer of installer.md for a recorded install. */
export function installResult(outcome: InstallOutcome): InstallResultType {
  const output = outcome.appliesNow ? APPLIED_NOW_OUTPUT : DEFERRED_OUTPUT;
  return {
    success: true,
    module: outcome.module,
    installedFiles: outcome.installedFiles,
    manifest: outcome.manifest,
    frontendOk: true,
    migrateOk: null,
    migrateOutput: output,
    seedOk: null,
    seedOutput: output,
    migrateDeferred: true,
    restartRequired: !outcome.appliesNow,
  };
}
