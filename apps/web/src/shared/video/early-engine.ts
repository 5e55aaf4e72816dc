/**
 * The video engine a cold deep link sets up before its player has mounted (decision 0500, "The
 * video's engine before the player"): a `<video>` element of its own, with hls.js attached and
 * loading the episode start's first segments, while the app's code still renders. The player's
 * slide for that episode and source takes the element (and the engine) over instead of making
 * its own, so the MediaSource is open and the first frame decoded, or close to it, by the time
 * the slide mounts.
 *
 * One engine is held at a time. A render may look at it (`peek`) as often as it likes; only the
 * slide's effect takes it (`take`). One that nobody takes within `unclaimedMs` (the viewer left,
 * or the player opened another episode) is disposed of.
 */
export interface EarlyEngine<T> {
  /** `dramaId/epsd` */
  key: string;
  /** the source URL the engine loads (the start's Auto playlist) */
  src: string;
  video: HTMLVideoElement;
  /** what the engine is made of */
  parts: T;
}

export function createEarlyEngineSlot<T>(options: {
  unclaimedMs: number;
  dispose: (engine: EarlyEngine<T>) => void;
}) {
  let held: { engine: EarlyEngine<T>; timer: ReturnType<typeof setTimeout> } | undefined;

  const drop = (engine: EarlyEngine<T>) => {
    if (held?.engine !== engine) return;
    clearTimeout(held.timer);
    held = undefined;
    options.dispose(engine);
  };

  return {
    /** Nothing is held: a new engine can be made. */
    isEmpty: () => held === undefined,

    /** Holds an engine; a cold start makes one, so the slot is empty here. */
    hold(engine: EarlyEngine<T>): void {
      if (held) {
        options.dispose(engine);
        return;
      }
      held = { engine, timer: setTimeout(() => drop(engine), options.unclaimedMs) };
    },

    /** Disposes of the engine if it is still held (it failed before anyone took it). */
    drop,

    /** The held engine's element for this episode and source, left in place. */
    peek(key: string, src: string): HTMLVideoElement | undefined {
      const engine = held?.engine;
      return engine?.key === key && engine.src === src ? engine.video : undefined;
    },

    /** The held engine whose element this is, once. */
    take(video: HTMLVideoElement): EarlyEngine<T> | undefined {
      if (held?.engine.video !== video) return undefined;
      const { engine, timer } = held;
      clearTimeout(timer);
      held = undefined;
      return engine;
    },
  };
}
