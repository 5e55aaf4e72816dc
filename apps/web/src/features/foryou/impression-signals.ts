import { FORYOU_SKIP_MS, type ForYouSignalBody } from '@snapdrama/contract';

interface Impression {
  shownAt: number | undefined;
  playingSince: number | undefined;
  watchedMs: number;
  /** the watch time last reported, so a report goes out only when it grew */
  reportedMs: number;
  skipSent: boolean;
  continueSent: boolean;
}

/**
 * What the feed reports of each impression (issue 45, signals): `shown` once its first frame is
 * on screen, `watch` with the time it played so far when the viewer moves on or the page hides
 * (again only if it grew), `skip` when it was swiped away within FORYOU_SKIP_MS of its first
 * frame, `continue` when the viewer tapped "continue this drama". Time comes from `now` (the
 * page's monotonic clock in the app; a test moves it).
 */
export function createImpressionSignals(
  send: (signal: ForYouSignalBody) => void,
  now: () => number,
) {
  const impressions = new Map<string, Impression>();
  const of = (id: string) => {
    let impression = impressions.get(id);
    if (!impression) {
      impression = {
        shownAt: undefined,
        playingSince: undefined,
        watchedMs: 0,
        reportedMs: 0,
        skipSent: false,
        continueSent: false,
      };
      impressions.set(id, impression);
    }
    return impression;
  };
  const stopPlaying = (impression: Impression, at: number) => {
    if (impression.playingSince !== undefined) impression.watchedMs += at - impression.playingSince;
    impression.playingSince = undefined;
  };
  const reportWatch = (id: string, impression: Impression) => {
    const watchedMs = Math.round(impression.watchedMs);
    if (watchedMs <= impression.reportedMs) return;
    impression.reportedMs = watchedMs;
    send({ impressionId: id, kind: 'watch', watchedMs });
  };

  return {
    /** The item's first frame is on screen (it is the one in view). */
    shown(id: string) {
      const impression = of(id);
      if (impression.shownAt !== undefined) return;
      impression.shownAt = now();
      send({ impressionId: id, kind: 'shown' });
    },
    /** Its video plays (in view). */
    playing(id: string) {
      of(id).playingSince ??= now();
    },
    /** Its video stopped (paused, waiting, ended). */
    paused(id: string) {
      stopPlaying(of(id), now());
    },
    /** The viewer moved on from it (a swipe, a key): skip if it was quick, and the watch time. */
    left(id: string) {
      const impression = of(id);
      const at = now();
      stopPlaying(impression, at);
      if (
        impression.shownAt !== undefined &&
        !impression.skipSent &&
        !impression.continueSent &&
        at - impression.shownAt < FORYOU_SKIP_MS
      ) {
        impression.skipSent = true;
        send({ impressionId: id, kind: 'skip' });
      }
      reportWatch(id, impression);
    },
    /** "Continue this drama": the watch time so far, then the continue. */
    continued(id: string) {
      const impression = of(id);
      stopPlaying(impression, now());
      reportWatch(id, impression);
      if (impression.continueSent) return;
      impression.continueSent = true;
      send({ impressionId: id, kind: 'continue' });
    },
    /** The page hides or the feed closes: the watch time of the one in view, still playing. */
    flush(id: string | undefined) {
      if (id === undefined) return;
      const impression = of(id);
      const at = now();
      const wasPlaying = impression.playingSince !== undefined;
      stopPlaying(impression, at);
      reportWatch(id, impression);
      if (wasPlaying) impression.playingSince = at;
    },
  };
}

export type ImpressionSignals = ReturnType<typeof createImpressionSignals>;
