import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ANALYTICS_MAX_RANGE_DAYS } from '@snapdrama/contract';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Button, Field, ui } from '../../shared/console/console-ui';
import { serviceTodayQuery } from './analytics-api';
import { analyticsMessages } from './analytics-messages';
import { RANGE_PRESETS, presetRange, rangeProblem, type DayRange } from './analytics-range';
import styles from './analytics.module.css';

/** "2026년 11월 3일~12월 2일": a range of service days in the reader's language. */
export function formatDayRange(range: DayRange, lang: string): string {
  const dates = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  const day = (d: string) => new Date(`${d}T00:00:00Z`);
  return range.from === range.to
    ? dates.format(day(range.from))
    : dates.formatRange(day(range.from), day(range.to));
}

/**
 * The period of an analytics page (keyed by the shown range where it is used, so Back starts it
 * afresh): quick periods counted back from the server's service day, or two chosen days. The
 * choice goes into the address (`from`, `to`), other parameters stay, paging starts again.
 */
export function AnalyticsRangePicker(props: { shown: DayRange; hint?: string }) {
  const t = useConsoleText(analyticsMessages);
  const lang = useConsoleLanguage();
  const [params, setParams] = useSearchParams();
  const today = useQuery(serviceTodayQuery);
  const [draft, setDraft] = useState<DayRange>(props.shown);
  const [problem, setProblem] = useState<string | null>(null);

  const go = (range: DayRange) => {
    setProblem(null);
    const next = new URLSearchParams(params);
    next.set('from', range.from);
    next.set('to', range.to);
    next.delete('page');
    setParams(next);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const wrong = rangeProblem(draft, ANALYTICS_MAX_RANGE_DAYS);
    if (wrong === 'missing') setProblem(t('an.range_missing'));
    else if (wrong === 'order') setProblem(t('an.range_order'));
    else if (wrong === 'too_long')
      setProblem(t('an.range_too_long', { days: ANALYTICS_MAX_RANGE_DAYS }));
    else go(draft);
  };

  return (
    <section className={styles.range} aria-label={t('an.range')}>
      {today.data && (
        <div className={styles.presets} role="group" aria-label={t('an.presets')}>
          {RANGE_PRESETS.map((preset) => {
            const range = presetRange(preset, today.data);
            const on = range.from === props.shown.from && range.to === props.shown.to;
            return (
              <Button
                key={preset}
                aria-pressed={on}
                variant={on ? 'primary' : undefined}
                data-preset={preset}
                onClick={() => go(range)}
              >
                {t(`an.preset_${preset}`)}
              </Button>
            );
          })}
        </div>
      )}
      <form className={styles.custom} onSubmit={apply} noValidate>
        <Field label={t('an.from')}>
          <input
            className={ui.input}
            type="date"
            name="from"
            data-testid="range-from"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </Field>
        <Field label={t('an.to')}>
          <input
            className={ui.input}
            type="date"
            name="to"
            data-testid="range-to"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </Field>
        <Button type="submit" data-testid="range-apply">
          {t('an.apply')}
        </Button>
      </form>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <p
        className={`${ui.muted} ${styles.shown}`}
        data-testid="range-shown"
        data-from={props.shown.from}
        data-to={props.shown.to}
      >
        {t('an.period', { range: formatDayRange(props.shown, lang) })}
        {props.hint ? ` ${props.hint}` : ''}
      </p>
    </section>
  );
}

/** How fresh the figures are (the rollups' last applied event). */
export function Freshness(props: { rolledUpTo: string | null }) {
  const t = useConsoleText(analyticsMessages);
  const lang = useConsoleLanguage();
  return (
    <p className={`${ui.muted} ${styles.shown}`} data-testid="analytics-fresh">
      {props.rolledUpTo
        ? t('an.fresh', {
            time: new Date(props.rolledUpTo).toLocaleString(lang, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })
        : t('an.fresh_none')}
    </p>
  );
}
