/** hls.js is big and only the player needs it: it loads on demand into its own chunk. */
export async function loadHls() {
  const module = await import('hls.js');
  return module.default;
}

/**
 * Native HLS where the browser has it and no Media Source Extensions (iPhone Safari); hls.js
 * everywhere else, including desktop Safari, so playback behaves the same across browsers.
 */
export function prefersNativeHls(video: HTMLVideoElement): boolean {
  const native = video.canPlayType('application/vnd.apple.mpegurl') !== '';
  return native && !('MediaSource' in window);
}
