import { useCallback, useState } from 'react';
import { useClient, type CombinedError } from 'urql';
import { errorMessages } from '../graph/graph-errors';
import type { UpgradeFromGeneratorMutation } from '../graphql/graphql';
import { InstallFromGeneratorMutation, UpgradeFromGeneratorMutation as UpgradeDocument } from '../operations/installer';
import type { GeneratedApp } from './generator-client';

export type UpgradePreview = NonNullable<UpgradeFromGeneratorMutation['upgradeFromGenerator']['preview']>;

/** Where one app's install or upgrade is: the page renders each state. */
export type InstallFlow =
  | { kind: 'idle' }
  | { kind: 'working'; app: GeneratedApp; step: 'install' | 'upgrade' | 'confirm' }
  | { kind: 'preview'; app: GeneratedApp; preview: UpgradePreview }
  | { kind: 'waiting'; app: GeneratedApp; module: string; version: number | null; restartRequired: boolean }
  | { kind: 'failed'; app: GeneratedApp; messages: string[] };

export interface ModuleAdmin {
  email: string;
  password: string;
}

/** The reason codes the installer puts in an error's `details.package`. */
const reasonsOf = (error: CombinedError | undefined): string[] =>
  (error?.graphQLErrors ?? []).flatMap((e) => {
    const reasons = (e.extensions?.details as { package?: unknown } | undefined)?.package;
    return Array.isArray(reasons) ? reasons.map(String) : [];
  });

/**
 * Install, else upgrade, a generated app through the generator lane, with the generator's token
 * as the only proof (`X-Generator-Token`). The generator's list does not say which module an app
 * is, so an install comes first; `already-installed` means the module is live, and the same
 * package is then offered as an upgrade, whose destructive or lossy changes wait for the
 * person's confirmation of the preview.
 */
export function useInstallFlow(access: string) {
  const client = useClient();
  const [flow, setFlow] = useState<InstallFlow>({ kind: 'idle' });
  const context = { fetchOptions: { headers: { 'x-generator-token': access } }, requestPolicy: 'network-only' as const };

  const upgrade = useCallback(
    async (app: GeneratedApp, confirm: boolean) => {
      setFlow({ kind: 'working', app, step: confirm ? 'confirm' : 'upgrade' });
      const { data, error } = await client.mutation(UpgradeDocument, { appId: app.id, confirm }, context).toPromise();
      const result = data?.upgradeFromGenerator;
      if (!result) {
        const upToDate = reasonsOf(error).includes('already-up-to-date');
        return setFlow({ kind: 'failed', app, messages: upToDate ? [`${app.name} is already at this version or newer.`] : errorMessages(error) });
      }
      if (result.needsConfirmation && result.preview) return setFlow({ kind: 'preview', app, preview: result.preview });
      if (!result.success) return setFlow({ kind: 'failed', app, messages: [`The upgrade was rolled back; every row is kept. ${result.error ?? ''}`.trim()] });
      setFlow({ kind: 'waiting', app, module: result.module ?? '', version: result.toVersion ?? null, restartRequired: false });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, access],
  );

  const install = useCallback(
    async (app: GeneratedApp, admin?: ModuleAdmin) => {
      setFlow({ kind: 'working', app, step: 'install' });
      const config = admin ? { admin } : undefined;
      const { data, error } = await client.mutation(InstallFromGeneratorMutation, { appId: app.id, config }, context).toPromise();
      const result = data?.installFromGenerator;
      if (result?.success) return setFlow({ kind: 'waiting', app, module: result.module, version: null, restartRequired: result.restartRequired });
      if (reasonsOf(error).includes('already-installed')) return upgrade(app, false);
      setFlow({ kind: 'failed', app, messages: errorMessages(error) });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, access, upgrade],
  );

  const reset = useCallback(() => setFlow({ kind: 'idle' }), []);
  return { flow, install, confirm: (app: GeneratedApp) => upgrade(app, true), reset };
}
