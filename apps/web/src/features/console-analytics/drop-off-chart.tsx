import { useId } from 'react';
import { axisLabelIndexes, niceAxis, scaleX, scaleY } from './chart-scale';
import { useWidth } from './use-width';
import styles from './analytics.module.css';

export interface DropOffPoint {
  episode: number;
  viewers: number;
}

const HEIGHT = 220;
const PAD = { top: 16, right: 16, bottom: 36, left: 52 };

/**
 * Viewers per episode as an SVG line (drawn at its box's width), the first paywalled episode
 * marked. The picture is one image to a screen reader, named by `label` and described by
 * `summary`; the table beside it (`tableId`) holds every value as text.
 */
export function DropOffChart(props: {
  points: DropOffPoint[];
  paywallEpisode: number | null;
  label: string;
  summary: string;
  paywallLabel: string;
  episodeAxis: string;
  lang: string;
  pointTitle: (point: DropOffPoint) => string;
}) {
  const [box, width] = useWidth<HTMLDivElement>(320);
  const summaryId = useId();
  const { points, paywallEpisode } = props;
  const number = new Intl.NumberFormat(props.lang, { maximumFractionDigits: 1 });
  const { top, ticks } = niceAxis(Math.max(0, ...points.map((p) => p.viewers)));
  const plotW = Math.max(100, width - PAD.left - PAD.right);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + scaleX(i, points.length, plotW);
  const y = (v: number) => PAD.top + scaleY(v, top, plotH);
  const line = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.viewers).toFixed(1)}`)
    .join(' ');
  const area =
    points.length > 0
      ? `${line} L${x(points.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z`
      : '';
  const labelled = axisLabelIndexes(points.length, Math.max(1, Math.floor(plotW / 36)));
  const paywallIndex = points.findIndex((p) => p.episode === paywallEpisode);

  return (
    <div ref={box} className={styles.chartBox}>
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label={props.label}
        aria-describedby={summaryId}
        data-testid="funnel-chart"
        className={styles.chart}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={PAD.left + plotW}
              y1={y(tick)}
              y2={y(tick)}
              className={styles.gridLine}
            />
            <text
              x={PAD.left - 8}
              y={y(tick)}
              dy="0.32em"
              textAnchor="end"
              className={styles.axisText}
            >
              {number.format(tick)}
            </text>
          </g>
        ))}
        {paywallIndex >= 0 && (
          <g data-testid="funnel-chart-paywall">
            <line
              x1={x(paywallIndex)}
              x2={x(paywallIndex)}
              y1={PAD.top}
              y2={PAD.top + plotH}
              className={styles.paywallLine}
            />
            <text
              x={x(paywallIndex)}
              y={PAD.top - 4}
              textAnchor={paywallIndex > points.length / 2 ? 'end' : 'start'}
              className={styles.paywallText}
            >
              {props.paywallLabel}
            </text>
          </g>
        )}
        <path d={area} className={styles.area} />
        <path d={line} className={styles.line} />
        {points.map((p, i) => (
          <circle
            key={p.episode}
            cx={x(i)}
            cy={y(p.viewers)}
            r={points.length > 40 ? 2 : 3.5}
            className={p.episode === paywallEpisode ? styles.pointPaywall : styles.point}
          >
            <title>{props.pointTitle(p)}</title>
          </circle>
        ))}
        {points.map((p, i) =>
          labelled.has(i) ? (
            <text
              key={p.episode}
              x={x(i)}
              y={PAD.top + plotH + 16}
              textAnchor="middle"
              className={styles.axisText}
            >
              {number.format(p.episode)}
            </text>
          ) : null,
        )}
        <text
          x={PAD.left + plotW / 2}
          y={HEIGHT - 4}
          textAnchor="middle"
          className={styles.axisText}
        >
          {props.episodeAxis}
        </text>
      </svg>
      <p id={summaryId} className={styles.srOnly}>
        {props.summary}
      </p>
    </div>
  );
}
