import { gql, stagePackage } from './installer-client';

export const UPGRADE = `mutation Upgrade($id: ID!, $config: JSONObject, $confirm: Boolean) { upgradePackage(uploadId: $id, config: $config, confirm: $confirm) {
  success needsConfirmation module fromVersion toVersion migrateOk rolledBack backupPath error restartRequired
  preview { module installedVersion targetVersion upToDate requiresConfirmation changes { version op model name oldName from to severity rows } } } }`;

export async function upgradeThroughGraph(gatewayUrl: string, zip: Buffer, options: { confirm?: boolean; config?: Record<string, unknown> } = {}) {
  const id = await stagePackage(gatewayUrl, zip);
  return gql(gatewayUrl, UPGRADE, { id, confirm: options.confirm, config: options.config });
}
