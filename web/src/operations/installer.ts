import { graphql } from '../graphql';

export const InstallerOverviewQuery = graphql(`
  query InstallerOverview {
    installerStatus {
      enabled
      pending {
        module
        since
        error
      }
    }
  }
`);

/** Asked only while the installer is enabled (the field is refused otherwise). */
export const LiveModulesQuery = graphql(`
  query LiveModules {
    installedModules {
      module
      version
      title
      liveSince
    }
  }
`);

export const InstallFromGeneratorMutation = graphql(`
  mutation InstallFromGenerator($appId: ID!, $config: JSONObject) {
    installFromGenerator(appId: $appId, config: $config) {
      success
      module
      restartRequired
    }
  }
`);

export const UpgradeFromGeneratorMutation = graphql(`
  mutation UpgradeFromGenerator($appId: ID!, $confirm: Boolean) {
    upgradeFromGenerator(appId: $appId, confirm: $confirm) {
      success
      needsConfirmation
      module
      fromVersion
      toVersion
      rolledBack
      error
      preview {
        module
        installedVersion
        targetVersion
        changes {
          version
          op
          model
          name
          oldName
          severity
          rows
        }
      }
    }
  }
`);
