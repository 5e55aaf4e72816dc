import { decideSwipe, type SwipeOutcome, type SwipePoint } from '@snapdrama/rules';

/** What the release decision reads of a pointer event. */
export interface GesturePointerEvent {
  pointerId: number;
  timeStamp: number;
  clientY: number;
  getCoalescedEvents?: () => readonly { timeStamp: number; clientY: number }[];
}

/**
 * Records one vertical drag from the pointer's own events (decision 0520). Their time stamps are
 * when the screen sensed the finger, not when a busy page got round to its handlers, so a drag's
 * speed comes out the same however loaded the page is; the moves a busy page merged into one
 * event are read back from its coalesced events.
 */
export function createSwipeGesture() {
  let pointerId: number | undefined;
  let points: SwipePoint[] = [];

  return {
    down(event: GesturePointerEvent) {
      pointerId = event.pointerId;
      points = [{ time: event.timeStamp, position: event.clientY }];
    },
    move(event: GesturePointerEvent) {
      if (event.pointerId !== pointerId) return;
      const merged = event.getCoalescedEvents?.() ?? [];
      const samples = merged.length > 0 ? merged : [event];
      for (const sample of samples) {
        const last = points[points.length - 1];
        // coalesced lists may repeat the sample the previous event already gave
        if (last && sample.timeStamp <= last.time) continue;
        points.push({ time: sample.timeStamp, position: sample.clientY });
      }
    },
    /** Where the drag goes when released at `releaseTime`; the gesture is over after this. */
    release(releaseTime: number, slideSize: number): SwipeOutcome {
      const outcome = decideSwipe(points, releaseTime, slideSize);
      pointerId = undefined;
      points = [];
      return outcome;
    },
  };
}
