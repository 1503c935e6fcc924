import type { SqlEntityManager } from '../../../../lib/db';
import type { Installation } from '../../entities';

/** The app events of billing: sent to the affected app only. */
export type SuspensionEvent = 'app/suspended' | 'app/resumed';

/**
 * Queues a suspension event for the installation's app, inside the transaction that records the
 * change (`em` is that transaction's), so the event is sent exactly when the change commits.
 */
export type AnnounceSuspension = (em: SqlEntityManager, installation: Installation, event: SuspensionEvent) => Promise<void>;
