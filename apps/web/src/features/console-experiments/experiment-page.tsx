import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Experiment, ExperimentResults, IntervalWire } from '@snapdrama/contract';
import { experimentReading, variantLetter } from '@snapdrama/rules';
import { consoleApi } from '../../shared/console/console-api';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, ConsolePage, ui } from '../../shared/console/console-ui';
import { experimentsMessages } from './experiments-messages';
import { EXPERIMENTS_KEY } from './experiments-page';
import { useSettingText } from './experiment-setting';
import styles from './experiments.module.css';

/** A confirmation in a modal <dialog>: focus held inside, Escape cancels, focus returns. */
function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="experiment-confirm"
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        {props.title}
      </h2>
      <p id={bodyId}>{props.children}</p>
      <div className={styles.row}>
        <Button onClick={props.onCancel} autoFocus>
          {props.cancelLabel}
        </Button>
        <Button
          variant="primary"
          disabled={props.busy}
          onClick={props.onConfirm}
          data-testid="experiment-confirm-yes"
        >
          {props.confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

/**
 * An interval drawn on a shared scale: a bar from low to high, a dot at the estimate. The drawing
 * is decoration; the same numbers are the cell's text, so screen readers read them once.
 */
function IntervalBar(props: { interval: IntervalWire; min: number; max: number; zero?: boolean }) {
  const { interval, min, max } = props;
  const span = max - min || 1;
  const x = (v: number) => 4 + ((v - min) / span) * 112;
  return (
    <svg className={styles.bar} viewBox="0 0 120 12" aria-hidden="true" focusable="false">
      {props.zero && min < 0 && max > 0 && (
        <line x1={x(0)} x2={x(0)} y1={0} y2={12} className={styles.zero} />
      )}
      <line x1={x(interval.low)} x2={x(interval.high)} y1={6} y2={6} className={styles.range} />
      <circle cx={x(interval.estimate)} cy={6} r={3} className={styles.dot} />
    </svg>
  );
}

type Confirm = { step: 'start' | 'stop' } | { step: 'ship'; variant: number };

/** One experiment: its actions (start, stop, ship with a confirmation) and its results (1612). */
export function ExperimentPage() {
  const { id = '' } = useParams();
  const t = useConsoleText(experimentsMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const setting = useSettingText();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<Confirm>();
  const key = [...EXPERIMENTS_KEY, id, 'results'];
  const results = useQuery({
    queryKey: key,
    queryFn: () => consoleApi.get<ExperimentResults>(`/experiments/${id}/results`),
  });
  const act = useMutation({
    mutationFn: (c: Confirm) =>
      consoleApi.post<Experiment>(
        `/experiments/${id}/${c.step}`,
        c.step === 'ship' ? { variant: c.variant } : {},
      ),
    onSuccess: async () => {
      setConfirm(undefined);
      await queryClient.invalidateQueries({ queryKey: EXPERIMENTS_KEY });
    },
  });

  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 });
  const signedPercent = new Intl.NumberFormat(lang, {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  });
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const count = new Intl.NumberFormat(lang);
  const p = new Intl.NumberFormat(lang, { maximumSignificantDigits: 2 });
  const intervalText = (i: IntervalWire | null, f: Intl.NumberFormat) =>
    i
      ? t('exp.interval', {
          estimate: f.format(i.estimate),
          low: f.format(i.low),
          high: f.format(i.high),
        })
      : t('exp.no_value');

  if (results.isPending) return <p className={ui.muted}>{common('common.loading')}</p>;
  if (results.isError) return <Banner kind="error">{results.error.message}</Banner>;
  const { experiment: e, variants, sampleRatio, revenueUnit } = results.data;
  const letter = variantLetter;
  const scale = (pick: (v: (typeof variants)[number]) => IntervalWire | null) => {
    const all = variants.map(pick).filter((i): i is IntervalWire => i !== null);
    return {
      min: Math.min(0, ...all.map((i) => i.low)),
      max: Math.max(0, ...all.map((i) => i.high)),
    };
  };
  const conversionScale = scale((v) => v.conversion);
  const revenueScale = scale((v) => v.revenuePerViewer);
  const liftScale = scale((v) => v.lift);
  const templates = {
    better: t('exp.reading.better'),
    worse: t('exp.reading.worse'),
    unclear: t('exp.reading.unclear'),
    notEnough: t('exp.reading.notEnough'),
  };
  const canShip = e.status === 'running' || e.status === 'stopped';

  return (
    <ConsolePage
      title={<span translate="no">{e.name}</span>}
      actions={<Link to="/admin/experiments">{t('exp.back')}</Link>}
    >
      <Card>
        <dl className={styles.facts}>
          <dt>{t('exp.kind')}</dt>
          <dd>{t(`exp.kind.${e.kind}`)}</dd>
          <dt>{t('exp.target')}</dt>
          <dd>{setting.target(e)}</dd>
          <dt>{t('exp.status')}</dt>
          <dd data-testid="experiment-status">{t(`exp.status.${e.status}`)}</dd>
        </dl>
        <p className={ui.muted}>
          {t('exp.planned', {
            split: e.split.map((w, i) => `${letter(i)} ${percent.format(w / 100)}`).join(' · '),
          })}
        </p>
        <div className={styles.row}>
          {e.status === 'draft' && (
            <Button
              variant="primary"
              onClick={() => setConfirm({ step: 'start' })}
              data-testid="experiment-start"
            >
              {t('exp.start')}
            </Button>
          )}
          {e.status === 'running' && (
            <Button onClick={() => setConfirm({ step: 'stop' })} data-testid="experiment-stop">
              {t('exp.stop')}
            </Button>
          )}
          {canShip &&
            e.variants.map((_, i) => (
              <Button
                key={i}
                onClick={() => setConfirm({ step: 'ship', variant: i })}
                data-testid={`experiment-ship-${i}`}
              >
                {t('exp.ship', { letter: letter(i) })}
              </Button>
            ))}
        </div>
        {act.isError && <Banner kind="error">{act.error.message}</Banner>}
      </Card>

      <Card title={t('exp.results')}>
        {sampleRatio && (
          <Banner kind={sampleRatio.mismatch ? 'error' : 'success'}>
            {t(sampleRatio.mismatch ? 'exp.srm_bad' : 'exp.srm_ok', {
              p: p.format(sampleRatio.pValue),
            })}
          </Banner>
        )}
        <div className={ui.tableWrap} role="region" aria-label={t('exp.results')} tabIndex={0}>
          <table className={`${ui.table} ${styles.results}`} data-testid="experiment-results">
            <thead>
              <tr>
                <th scope="col">{t('exp.variant_col')}</th>
                <th scope="col">{t('exp.exposures')}</th>
                <th scope="col">{t('exp.conversions')}</th>
                <th scope="col">{t('exp.conversion')}</th>
                <th scope="col">{t(`exp.revenue.${revenueUnit}`)}</th>
                <th scope="col">{t('exp.lift')}</th>
              </tr>
            </thead>
            <tbody>
              {variants.map((v) => (
                <tr key={v.variant} data-testid={`experiment-row-${v.variant}`}>
                  <th scope="row">
                    {letter(v.variant)}
                    <div className={ui.muted}>{setting.variant(e, v.variant)}</div>
                  </th>
                  <td
                    data-label={t('exp.exposures')}
                    data-testid={`experiment-exposures-${v.variant}`}
                  >
                    {count.format(v.exposures)}
                  </td>
                  <td data-label={t('exp.conversions')}>{count.format(v.conversions)}</td>
                  <td data-label={t('exp.conversion')}>
                    {intervalText(v.conversion, percent)}
                    {v.conversion && <IntervalBar interval={v.conversion} {...conversionScale} />}
                  </td>
                  <td data-label={t(`exp.revenue.${revenueUnit}`)}>
                    {intervalText(v.revenuePerViewer, number)}
                    {v.revenuePerViewer && (
                      <IntervalBar interval={v.revenuePerViewer} {...revenueScale} />
                    )}
                  </td>
                  <td data-label={t('exp.lift')}>
                    {v.variant === 0 ? '—' : intervalText(v.lift, signedPercent)}
                    {v.lift && <IntervalBar interval={v.lift} {...liftScale} zero />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3 className={styles.subTitle}>{t('exp.readings')}</h3>
        <ul className={styles.readings} data-testid="experiment-readings">
          {variants.slice(1).map((v) => (
            <li key={v.variant}>
              {experimentReading(
                v.lift ?? undefined,
                { variant: letter(v.variant), control: letter(0) },
                lang,
                templates,
              )}
            </li>
          ))}
        </ul>
      </Card>

      {confirm && (
        <ConfirmDialog
          title={
            confirm.step === 'ship'
              ? t('exp.ship_title', { letter: letter(confirm.variant) })
              : t(`exp.${confirm.step}_title`)
          }
          confirmLabel={
            confirm.step === 'ship'
              ? t('exp.ship', { letter: letter(confirm.variant) })
              : t(`exp.${confirm.step}`)
          }
          cancelLabel={t('exp.confirm_cancel')}
          busy={act.isPending}
          onConfirm={() => act.mutate(confirm)}
          onCancel={() => setConfirm(undefined)}
        >
          {confirm.step === 'ship'
            ? t('exp.ship_body', { setting: setting.variant(e, confirm.variant) })
            : t(`exp.${confirm.step}_body`)}
        </ConfirmDialog>
      )}
    </ConsolePage>
  );
}
