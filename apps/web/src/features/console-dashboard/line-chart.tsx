import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from './dashboard-page.module.css';

export interface Series {
  label: string;
  values: number[];
}

const COLORS = ['#ff3b6b', '#2ecc8f', '#4da3ff', '#f5b942', '#b07cff', '#a3a3b2'];

/**
 * A small uPlot line chart of daily values that follows its box's width. Its dates and numbers
 * (axes and legend) are the reader's (`lang`, through Intl), the day column's label `dayLabel`.
 */
export function LineChart(props: {
  days: string[];
  series: Series[];
  lang: string;
  dayLabel: string;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { days, series, lang, dayLabel } = props;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const x = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const date = new Intl.DateTimeFormat(lang, {
      month: 'numeric',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
    const dateOf = (ts: number | null) => (ts === null ? '—' : date.format(ts * 1000));
    const numberOf = (v: number | null) => (v === null ? '—' : number.format(v));
    const axis = {
      stroke: '#a3a3b2',
      grid: { stroke: 'rgba(255,255,255,0.06)' },
      ticks: { stroke: 'rgba(255,255,255,0.1)' },
    };
    const plot = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height: 220,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        legend: { show: true },
        axes: [
          { ...axis, values: (_u: uPlot, splits: number[]) => splits.map(dateOf) },
          { ...axis, size: 56, values: (_u: uPlot, splits: number[]) => splits.map(numberOf) },
        ],
        series: [
          { label: dayLabel, value: (_u: uPlot, ts: number | null) => dateOf(ts) },
          ...series.map((s, i) => ({
            label: s.label,
            value: (_u: uPlot, v: number | null) => numberOf(v),
            stroke: COLORS[i % COLORS.length],
            width: 2,
            points: { show: false },
          })),
        ],
      },
      [x, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(240, el.clientWidth), height: 220 }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, lang, dayLabel]);
  return <div ref={box} className={styles.chart} data-testid={props.testId} />;
}
