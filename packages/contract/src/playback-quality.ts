import { z } from 'zod';

/**
 * POST /playback/quality: what the web player measured for one episode start (sent with
 * navigator.sendBeacon after the first frame and when the page is hidden). Untrusted numbers:
 * bounded here, aggregated by the server, never shown to other viewers.
 */
export const playbackQualityBody = z.object({
  dramId: z.number().int().min(1).max(2_147_483_647),
  epsd: z.number().int().min(1).max(10_000),
  /** ms from play request to the first frame; absent when no frame came */
  ttffMs: z.number().int().min(0).max(120_000).optional(),
  /** ms spent rebuffering after the first frame */
  stallMs: z.number().int().min(0).max(86_400_000),
  /** ms of playback watched (playing, excluding stalls) */
  playMs: z.number().int().min(0).max(86_400_000),
});
export type PlaybackQualityBody = z.infer<typeof playbackQualityBody>;
export const PLAYBACK_QUALITY_PATH = '/playback/quality';
