/**
 * Share-mission hook (spec §4): whatever shares an episode (Kakao, social links, link copy, the
 * native share) announces it here after the share; the missions feature subscribes and reports
 * it for signed-in viewers. No network here.
 */
export interface SharedEpisode {
  dramaId: number;
  epsd: number;
}

type Listener = (shared: SharedEpisode) => void;
const listeners = new Set<Listener>();

export const shareProgressEvents = {
  /** Returns the unsubscribe function. */
  onShared(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emitShared(shared: SharedEpisode): void {
    for (const listener of listeners) listener(shared);
  },
};
