import type { UpgradeOutcome } from '../services/upgrade/upgrade.service';
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
