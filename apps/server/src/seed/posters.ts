/** Generated poster art: a gradient, a few soft shapes and the title. SVG, so it stays sharp. */
function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function wrap(title: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(' ')) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function posterSvg(options: {
  title: string;
  subtitle: string;
  hue: number;
  width: number;
  height: number;
}): string {
  const { title, subtitle, hue, width, height } = options;
  const vertical = height > width;
  const fontSize = vertical ? 58 : 64;
  const lines = wrap(title, vertical ? 14 : 24);
  const textTop = vertical
    ? height * 0.62
    : height * 0.5 - ((lines.length - 1) * fontSize * 1.1) / 2;
  const textX = vertical ? width / 2 : width * 0.08;
  const anchor = vertical ? 'middle' : 'start';
  const tspans = lines
    .map(
      (l, i) => `<tspan x="${textX}" dy="${i === 0 ? 0 : fontSize * 1.1}">${escapeXml(l)}</tspan>`,
    )
    .join('');
  const c1 = `hsl(${hue} 70% 38%)`;
  const c2 = `hsl(${(hue + 40) % 360} 65% 14%)`;
  const glow = `hsl(${(hue + 180) % 360} 80% 70%)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.75"/></linearGradient>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<circle cx="${width * 0.72}" cy="${height * 0.28}" r="${Math.min(width, height) * 0.42}" fill="url(#glow)"/>
<circle cx="${width * 0.2}" cy="${height * 0.45}" r="${Math.min(width, height) * 0.25}" fill="url(#glow)"/>
<path d="M0 ${height * 0.7} Q ${width * 0.5} ${height * 0.55} ${width} ${height * 0.72} L ${width} ${height} L 0 ${height} Z" fill="#000" fill-opacity="0.25"/>
<rect width="100%" height="100%" fill="url(#shade)"/>
<text x="${textX}" y="${textTop}" text-anchor="${anchor}" font-family="Georgia, 'Times New Roman', serif" font-weight="700" font-size="${fontSize}" fill="#fff">${tspans}</text>
<text x="${textX}" y="${textTop + lines.length * fontSize * 1.1 + 10}" text-anchor="${anchor}" font-family="Arial, sans-serif" font-size="${fontSize * 0.42}" fill="#fff" fill-opacity="0.85" letter-spacing="3">${escapeXml(subtitle)}</text>
</svg>
`;
}
