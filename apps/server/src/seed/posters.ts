import { rgbCss, type DemoPalette } from './demo-video';
import { playfair, textOutline, type Weight } from './text-outline';

/** Generated poster art: a gradient, a few soft shapes and the title. SVG, so it stays sharp. */
function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** the title's lines: words as they fit in maxWidth pixels in the title's font */
function wrap(title: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(' ')) {
    if (line && !fits(`${line} ${word}`)) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

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
 * A drama poster in the drama's palette (the same colours as its generated video): the light
 * behind two silhouettes turned towards each other, the title and the genres below.
 */
export function posterSvg(options: {
  title: string;
  subtitle: string;
  palette: DemoPalette;
  width: number;
  height: number;
}): string {
  const { title, subtitle, palette, width, height } = options;
  const vertical = height > width;
  const fontSize = vertical ? 58 : 64;
  // the figures stand where the title is not: centre of a vertical poster, right of a wide one
  const scale = vertical ? width / 600 : height / 720;
  const centre = vertical ? width / 2 : width * 0.72;
  const r = 46 * scale;
  const textX = vertical ? width / 2 : width * 0.06;
  // a wide poster's title ends before the first figure's shoulder
  const maxWidth = vertical ? width * 0.88 : centre - r * 5.2 - textX - r * 0.5;
  const titleFont = playfair('700Bold');
  const lines = wrap(title, (l) => titleFont.getAdvanceWidth(l, fontSize) <= maxWidth);
  const textTop = vertical
    ? height * 0.7
    : height * 0.5 - ((lines.length - 1) * fontSize * 1.1) / 2;
  const anchor = vertical ? 'middle' : 'start';
  const shadow = rgbCss(palette.shadow);
  const mid = rgbCss(palette.mid);
  const light = rgbCss(palette.light);
  // the title and the genres as outlines in Playfair Display (text-outline.ts says why); a
  // line the font cannot draw stays text
  const line = (
    text: string,
    y: number,
    weight: Weight,
    size: number,
    paint: string,
    letterSpacing = 0,
  ) =>
    textOutline(playfair(weight), text, {
      x: textX,
      y,
      size,
      anchor,
      letterSpacing,
      attributes: paint,
    }) ??
    `<text x="${textX}" y="${y}" text-anchor="${anchor}" font-family="'Playfair Display', Georgia, serif" font-weight="${weight === '700Bold' ? 700 : 600}" font-size="${size}" letter-spacing="${letterSpacing}" ${paint}>${escapeXml(text)}</text>`;
  const titleLines = lines.map((l, i) =>
    line(l, textTop + i * fontSize * 1.1, '700Bold', fontSize, `fill="${light}"`),
  );
  const genres = line(
    subtitle,
    textTop + lines.length * fontSize * 1.1 + 10,
    '600SemiBold',
    fontSize * 0.36,
    'fill="#fff" fill-opacity="0.8"',
    4,
  );
  const headY = vertical ? height * 0.36 : height * 0.42;
  const glowX = vertical ? 0.5 : 0.72;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shadow}"/><stop offset="0.45" stop-color="${mid}"/><stop offset="1" stop-color="${shadow}"/></linearGradient>
<radialGradient id="glow" cx="${glowX}" cy="0.34" r="0.45"><stop offset="0" stop-color="${light}" stop-opacity="0.95"/><stop offset="0.35" stop-color="${light}" stop-opacity="0.35"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></radialGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.5" stop-color="${shadow}" stop-opacity="0"/><stop offset="0.85" stop-color="${shadow}" stop-opacity="0.9"/></linearGradient>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<rect width="100%" height="100%" fill="url(#glow)"/>
<path d="${bustPath(centre - r * 2.9, headY + r * 0.3, r, height)}" fill="${shadow}"/>
<ellipse cx="${centre - r * 2.9}" cy="${headY + r * 0.3}" rx="${r * 0.82}" ry="${r}" fill="${shadow}"/>
<path d="${bustPath(centre + r * 2.9, headY, r * 1.1, height)}" fill="${shadow}"/>
<ellipse cx="${centre + r * 2.9}" cy="${headY}" rx="${r * 0.9}" ry="${r * 1.1}" fill="${shadow}"/>
<rect width="100%" height="100%" fill="url(#shade)"/>
<rect width="100%" height="100%" fill="url(#vignette)"/>
${titleLines.join('\n')}
${genres}
</svg>
`;
}
