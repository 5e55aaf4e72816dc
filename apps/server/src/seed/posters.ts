import { createHash } from 'node:crypto';
import { rgbCss, type DemoPalette } from './demo-video';

/** a head-and-shoulders silhouette path, head centre (cx, cy), head radius r */
function bustPath(cx: number, cy: number, r: number, bottom: number): string {
  const neckTop = cy + r * 0.8;
  const shoulderY = cy + r * 2.2;
  return (
    `M ${cx - r * 0.4} ${neckTop} L ${cx - r * 0.45} ${shoulderY - r * 0.5} ` +
    `Q ${cx - r * 2.3} ${shoulderY - r * 0.3} ${cx - r * 2.3} ${shoulderY + r * 1.4} L ${cx - r * 2.3} ${bottom} ` +
    `L ${cx + r * 2.3} ${bottom} L ${cx + r * 2.3} ${shoulderY + r * 1.4} ` +
    `Q ${cx + r * 2.3} ${shoulderY - r * 0.3} ${cx + r * 0.45} ${shoulderY - r * 0.5} L ${cx + r * 0.4} ${neckTop} Z`
  );
}

/**
 * A drama's key art in its palette (the same colours as its generated video): the light behind
 * two silhouettes turned towards each other. It carries no words: the apps set the title over it
 * as text in the reader's language, as they must for the art operators upload (issue 47). The
 * figures stand where the title is not: above the lower third of a vertical poster, on the right
 * of a wide one; the shade under the title keeps it readable.
 */
export function posterSvg(options: {
  palette: DemoPalette;
  width: number;
  height: number;
}): string {
  const { palette, width, height } = options;
  const vertical = height > width;
  const scale = vertical ? width / 600 : height / 720;
  const centre = vertical ? width / 2 : width * 0.72;
  const r = 46 * scale;
  const shadow = rgbCss(palette.shadow);
  const mid = rgbCss(palette.mid);
  const light = rgbCss(palette.light);
  const headY = vertical ? height * 0.36 : height * 0.42;
  const glowX = vertical ? 0.5 : 0.72;
  // a wide poster's title sits on its left, a vertical one's at its foot
  const shade = vertical
    ? `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.5" stop-color="${shadow}" stop-opacity="0"/><stop offset="0.85" stop-color="${shadow}" stop-opacity="0.9"/></linearGradient>`
    : `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shadow}" stop-opacity="0.85"/><stop offset="0.5" stop-color="${shadow}" stop-opacity="0"/></linearGradient>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shadow}"/><stop offset="0.45" stop-color="${mid}"/><stop offset="1" stop-color="${shadow}"/></linearGradient>
<radialGradient id="glow" cx="${glowX}" cy="0.34" r="0.45"><stop offset="0" stop-color="${light}" stop-opacity="0.95"/><stop offset="0.35" stop-color="${light}" stop-opacity="0.35"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></radialGradient>
${shade}
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<rect width="100%" height="100%" fill="url(#glow)"/>
<path d="${bustPath(centre - r * 2.9, headY + r * 0.3, r, height)}" fill="${shadow}"/>
<ellipse cx="${centre - r * 2.9}" cy="${headY + r * 0.3}" rx="${r * 0.82}" ry="${r}" fill="${shadow}"/>
<path d="${bustPath(centre + r * 2.9, headY, r * 1.1, height)}" fill="${shadow}"/>
<ellipse cx="${centre + r * 2.9}" cy="${headY}" rx="${r * 0.9}" ry="${r * 1.1}" fill="${shadow}"/>
<rect width="100%" height="100%" fill="url(#shade)"/>
<rect width="100%" height="100%" fill="url(#vignette)"/>
</svg>
`;
}

/**
 * Where a generated poster is stored: named by its content, so new art gets a new address.
 * Posters are cached for a day under their address; a data folder seeded with older art picks the
 * new files up on its next start (the seed writes them and points the drama at them) and no
 * browser keeps showing the old ones.
 */
export function posterKey(slug: string, kind: 'v' | 'h', svg: string): string {
  const hash = createHash('sha256').update(svg).digest('hex').slice(0, 12);
  return `posters/${slug}-${kind}-${hash}.svg`;
}
