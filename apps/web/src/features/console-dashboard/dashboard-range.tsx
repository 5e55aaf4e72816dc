import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { DASHBOARD_MAX_DAYS } from '@snapdrama/contract';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Button, Field, ui } from '../../shared/console/console-ui';
import { dashboardMessages } from './dashboard-messages';
import styles from './dashboard-page.module.css';

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** service days from `from` to `to`, both included */
export const rangeLength = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/** The range in the address: both days or neither (then the server's last 30 days). */
export function rangeFromAddress(params: URLSearchParams): { from?: string; to?: string } {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (!ISO_DAY.test(from) || !ISO_DAY.test(to) || from > to) return {};
  return { from, to };
}

type Preset = 'today' | 'd7' | 'd30' | 'd90' | 'month' | 'last_month';
const PRESETS: Preset[] = ['today', 'd7', 'd30', 'd90', 'month', 'last_month'];

/** A preset's days, counted back from the service day it is now. */
export function presetRange(preset: Preset, today: string): { from: string; to: string } {
  const t = dayNumber(today);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'd7':
      return { from: dayOf(t - 6), to: today };
    case 'd30':
      return { from: dayOf(t - 29), to: today };
    case 'd90':
      return { from: dayOf(t - 89), to: today };
    case 'month':
      return { from: monthStart, to: today };
    case 'last_month': {
      const lastDay = dayOf(dayNumber(monthStart) - 1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/**
 * The dashboard's period (keyed by the range where it is used: a new range, by a preset or Back,
 * starts it afresh, fields and complaint alike): presets counted back from today (SERVICE_TIMEZONE's day, as the server
 * says), or two chosen days; and the period it is compared with.
 */
export function DashboardRange(props: {
  todayDay: string;
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}) {
  const t = useConsoleText(dashboardMessages);
  const lang = useConsoleLanguage();
  const [, setParams] = useSearchParams();
  const [draft, setDraft] = useState({ from: props.from, to: props.to });
  const [problem, setProblem] = useState<string | null>(null);

  const go = (range: { from: string; to: string }) => {
    setProblem(null);
    setParams(new URLSearchParams(range));
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!ISO_DAY.test(draft.from) || !ISO_DAY.test(draft.to)) {
      setProblem(t('dash.range_missing'));
    } else if (draft.from > draft.to) {
      setProblem(t('dash.range_order'));
    } else if (rangeLength(draft.from, draft.to) > DASHBOARD_MAX_DAYS) {
      setProblem(t('dash.range_too_long', { days: DASHBOARD_MAX_DAYS }));
    } else {
      go(draft);
    }
  };
  const dates = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  const span = (from: string, to: string) =>
    from === to
      ? dates.format(new Date(`${from}T00:00:00Z`))
      : dates.formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));

  return (
    <section className={styles.range} aria-label={t('dash.range')}>
      <div className={styles.presets} role="group" aria-label={t('dash.presets')}>
        {PRESETS.map((preset) => {
          const range = presetRange(preset, props.todayDay);
          const on = range.from === props.from && range.to === props.to;
          return (
            <Button
              key={preset}
              aria-pressed={on}
              variant={on ? 'primary' : undefined}
              data-preset={preset}
              onClick={() => go(range)}
            >
              {t(`dash.preset_${preset}`)}
            </Button>
          );
        })}
      </div>
      <form className={styles.custom} onSubmit={apply} noValidate>
        <Field label={t('dash.from')}>
          <input
            className={ui.input}
            type="date"
            name="from"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </Field>
        <Field label={t('dash.to')}>
          <input
            className={ui.input}
            type="date"
            name="to"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </Field>
        <Button type="submit">{t('dash.apply')}</Button>
      </form>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <p className={ui.muted} data-testid="dash-period">
        {t('dash.period', {
          range: span(props.from, props.to),
          previous: span(props.previousFrom, props.previousTo),
        })}
      </p>
    </section>
  );
}
