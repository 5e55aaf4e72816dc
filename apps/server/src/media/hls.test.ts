import { describe, expect, it } from 'vitest';
import { RENDITIONS, hlsLadderArgs } from './hls';

/** each rendition's output arguments: from its -map of the picture up to its playlist */
function perRendition(args: string[]): string[][] {
  const starts = args.flatMap((a, i) => (a === '-map' && args[i + 1]?.startsWith('[v') ? [i] : []));
  return starts.map((start, n) => args.slice(start, starts[n + 1] ?? args.length));
}

describe('the HLS ladder arguments', () => {
  const input = ['-i', 'source.mp4'];

  it('encode the sound once per rendition at its own bitrate by default', () => {
    const outputs = perRendition(hlsLadderArgs({ input, outDir: 'out' }));
    expect(outputs).toHaveLength(RENDITIONS.length);
    for (const [i, r] of RENDITIONS.entries()) {
      const out = outputs[i] ?? [];
      expect(out[out.indexOf('-c:a') + 1]).toBe('aac');
      expect(out[out.indexOf('-b:a') + 1]).toBe(`${r.audioKbps}k`);
    }
  });

  it('copy a sound that is already AAC into every rendition', () => {
    const outputs = perRendition(hlsLadderArgs({ input, outDir: 'out', audioCopy: true }));
    for (const out of outputs) {
      expect(out[out.indexOf('-c:a') + 1]).toBe('copy');
      expect(out).not.toContain('-b:a');
    }
  });

  it("turn trellis off under ultrafast, as x264's preset means, and leave other presets alone", () => {
    const fast = perRendition(hlsLadderArgs({ input, outDir: 'out', preset: 'ultrafast' }));
    for (const out of fast) expect(out[out.indexOf('-x264-params') + 1]).toBe('trellis=0');
    const upload = hlsLadderArgs({ input, outDir: 'out' });
    expect(upload[upload.indexOf('-preset') + 1]).toBe('veryfast');
    expect(upload).not.toContain('-x264-params');
  });
});
