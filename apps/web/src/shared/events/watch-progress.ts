/**
 * Watch-mission hook (spec §4): the player announces that a signed-in viewer reached 90 % of an
 * episode, once per episode; the missions feature subscribes and reports it. No network here.
 */
export interface WatchMilestone {
  dramaId: number;
  epsd: number;
  /** the watch log of that episode */
  logId: string | undefined;
}

type Listener = (milestone: WatchMilestone) => void;
const listeners = new Set<Listener>();

export const watchProgressEvents = {
  /** Returns the unsubscribe function. */
  onWatchMission(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emitWatchMission(milestone: WatchMilestone): void {
    for (const listener of listeners) listener(milestone);
  },
};
