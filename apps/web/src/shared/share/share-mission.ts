import { shareProgressEvents } from '../events/share-progress';

/**
 * Spec §4: after a share (Kakao, a social link or link copy) a signed-in viewer's share mission
 * is reported. The share is announced on the share-progress hook; the missions feature listens
 * and reports it (POST /event/mission) for signed-in viewers only.
 */
export function reportShareMission(dramaId: number, epsd: number): void {
  shareProgressEvents.emitShared({ dramaId, epsd });
}
