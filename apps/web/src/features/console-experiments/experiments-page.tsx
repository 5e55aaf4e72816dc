import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  EXPERIMENT_KINDS,
  type EconomyData,
  type Experiment,
  type ExperimentKind,
  type ExperimentList,
} from '@snapdrama/contract';
import { isValidSplit, variantLetter } from '@snapdrama/rules';
import { consoleApi } from '../../shared/console/console-api';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { formatWhen } from '../../shared/console/money-format';
import { experimentsMessages } from './experiments-messages';
import { useSettingText } from './experiment-setting';
import styles from './experiments.module.css';

export const EXPERIMENTS_KEY = ['console', 'experiments'] as const;

/** One variant as typed in the form: every field as text, read per kind. */
interface VariantDraft {
  firstPaidEpisode: string;
  krw: string;
  usdCents: string;
  bonusCoin: string;
  firstBonusCoin: string;
}
const emptyVariant: VariantDraft = {
  firstPaidEpisode: '',
  krw: '',
  usdCents: '',
  bonusCoin: '',
  firstBonusCoin: '',
};
const evenSplit = (n: number) =>
  Array.from({ length: n }, (_, i) => Math.floor(100 / n) + (i < 100 % n ? 1 : 0));

function CreateExperimentForm() {
  const t = useConsoleText(experimentsMessages);
  const common = useConsoleText(commonMessages);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [kind, setKind] = useState<ExperimentKind>('paywall_position');
  const [name, setName] = useState('');
  const [dramaId, setDramaId] = useState('');
  const [godsCode, setGodsCode] = useState('');
  const [variants, setVariants] = useState<VariantDraft[]>([emptyVariant, emptyVariant]);
  const [split, setSplit] = useState<string[]>(['50', '50']);
  const goods = useQuery({
    queryKey: ['console', 'economy'],
    queryFn: () => consoleApi.get<EconomyData>('/economy'),
    enabled: kind !== 'paywall_position',
  });
  const weights = split.map(Number);
  const splitOk = isValidSplit(weights);
  const n = (s: string) => Number(s);
  const body = () => {
    const common = { name: name.trim(), split: weights };
    switch (kind) {
      case 'paywall_position':
        return {
          ...common,
          kind,
          dramaId: n(dramaId),
          variants: variants.map((v) => ({ firstPaidEpisode: n(v.firstPaidEpisode) })),
        };
      case 'coin_pack':
        return {
          ...common,
          kind,
          godsCode,
          variants: variants.map((v) => ({
            krw: n(v.krw),
            usdCents: n(v.usdCents),
            bonusCoin: n(v.bonusCoin),
          })),
        };
      case 'first_charge_bonus':
        return {
          ...common,
          kind,
          godsCode,
          variants: variants.map((v) => ({ firstBonusCoin: n(v.firstBonusCoin) })),
        };
    }
  };
  const create = useMutation({
    mutationFn: () => consoleApi.post<Experiment>('/experiments', body()),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: EXPERIMENTS_KEY });
      await navigate(`/admin/experiments/${created.id}`);
    },
  });
  const setVariant = (index: number, field: keyof VariantDraft, value: string) =>
    setVariants((vs) => vs.map((v, i) => (i === index ? { ...v, [field]: value } : v)));
  const resize = (count: number) => {
    setVariants((vs) => Array.from({ length: count }, (_, i) => vs[i] ?? emptyVariant));
    setSplit(evenSplit(count).map(String));
  };
  const digits = (value: string) => value.replace(/\D/g, '');
  const fields: { key: keyof VariantDraft; label: string }[] =
    kind === 'paywall_position'
      ? [{ key: 'firstPaidEpisode', label: t('exp.first_paid') }]
      : kind === 'coin_pack'
        ? [
            { key: 'krw', label: t('exp.krw') },
            { key: 'usdCents', label: t('exp.usd_cents') },
            { key: 'bonusCoin', label: t('exp.bonus') },
          ]
        : [{ key: 'firstBonusCoin', label: t('exp.first_bonus') }];

  function submit(e: FormEvent) {
    e.preventDefault();
    if (splitOk) create.mutate();
  }

  return (
    <Card title={t('exp.create')}>
      <form className={styles.form} onSubmit={submit} data-testid="experiment-form">
        <div className={ui.grid2}>
          <Field label={t('exp.name')}>
            <input
              className={ui.input}
              value={name}
              maxLength={80}
              required
              onChange={(e) => setName(e.target.value)}
              data-testid="experiment-name"
            />
          </Field>
          <Field label={t('exp.kind')}>
            <select
              className={ui.input}
              value={kind}
              onChange={(e) => setKind(e.target.value as ExperimentKind)}
              data-testid="experiment-kind"
            >
              {EXPERIMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`exp.kind.${k}`)}
                </option>
              ))}
            </select>
          </Field>
          {kind === 'paywall_position' ? (
            <Field label={t('exp.drama')}>
              <input
                className={ui.input}
                inputMode="numeric"
                required
                value={dramaId}
                onChange={(e) => setDramaId(digits(e.target.value))}
                data-testid="experiment-drama"
              />
            </Field>
          ) : (
            <Field label={t('exp.pack')}>
              <select
                className={ui.input}
                value={godsCode}
                required
                onChange={(e) => setGodsCode(e.target.value)}
                data-testid="experiment-pack"
              >
                <option value="" />
                {(goods.data?.goods ?? []).map((g) => (
                  <option key={g.godsCode} value={g.godsCode}>
                    {g.godsCode}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </div>
        <div className={styles.variants}>
          {variants.map((v, i) => (
            <fieldset key={i} className={styles.variant} data-testid={`experiment-variant-${i}`}>
              <legend>
                {i === 0
                  ? t('exp.variant_control', { letter: variantLetter(i) })
                  : t('exp.variant', { letter: variantLetter(i) })}
              </legend>
              {fields.map((f) => (
                <Field key={f.key} label={f.label}>
                  <input
                    className={ui.input}
                    inputMode="numeric"
                    required
                    value={v[f.key]}
                    onChange={(e) => setVariant(i, f.key, digits(e.target.value))}
                    data-testid={`experiment-variant-${i}-${f.key}`}
                  />
                </Field>
              ))}
              <Field label={t('exp.share')}>
                <input
                  className={ui.input}
                  inputMode="numeric"
                  required
                  value={split[i] ?? ''}
                  onChange={(e) =>
                    setSplit((s) => s.map((w, j) => (j === i ? digits(e.target.value) : w)))
                  }
                  data-testid={`experiment-variant-${i}-share`}
                />
              </Field>
              {i >= 2 && i === variants.length - 1 && (
                <Button onClick={() => resize(variants.length - 1)}>
                  {t('exp.remove_variant', { letter: variantLetter(i) })}
                </Button>
              )}
            </fieldset>
          ))}
        </div>
        {!splitOk && <Banner kind="error">{t('exp.split_bad')}</Banner>}
        <div className={styles.row}>
          {variants.length < 4 && (
            <Button onClick={() => resize(variants.length + 1)}>{t('exp.add_variant')}</Button>
          )}
          <Button
            type="submit"
            variant="primary"
            disabled={!splitOk || create.isPending}
            data-testid="experiment-create"
          >
            {create.isPending ? common('common.saving') : t('exp.create_button')}
          </Button>
        </div>
        {create.isError && <Banner kind="error">{create.error.message}</Banner>}
      </form>
    </Card>
  );
}

/** The experiments: every one with its status, and the form that creates one (decision 1610). */
export function ExperimentsPage() {
  const t = useConsoleText(experimentsMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const target = useSettingText();
  const list = useQuery({
    queryKey: EXPERIMENTS_KEY,
    queryFn: () => consoleApi.get<ExperimentList>('/experiments'),
  });
  return (
    <ConsolePage title={t('exp.title')}>
      <Card title={t('exp.list')}>
        {list.isPending ? (
          <p className={ui.muted}>{common('common.loading')}</p>
        ) : list.isError ? (
          <Banner kind="error">{list.error.message}</Banner>
        ) : list.data.list.length === 0 ? (
          <p className={ui.muted}>{t('exp.none')}</p>
        ) : (
          <div className={ui.tableWrap} role="region" aria-label={t('exp.list')} tabIndex={0}>
            <table className={ui.table} data-testid="experiments-table">
              <thead>
                <tr>
                  <th scope="col">{t('exp.name')}</th>
                  <th scope="col">{t('exp.kind')}</th>
                  <th scope="col">{t('exp.target')}</th>
                  <th scope="col">{t('exp.status')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.list.map((e) => (
                  <tr key={e.id}>
                    <td>
                      {/* a name the operator typed: not translated, not checked for language */}
                      <Link to={`/admin/experiments/${e.id}`} translate="no">
                        {e.name}
                      </Link>
                      <div className={ui.muted}>{formatWhen(e.createdAt, lang)}</div>
                    </td>
                    <td>{t(`exp.kind.${e.kind}`)}</td>
                    <td>{target.target(e)}</td>
                    <td>{t(`exp.status.${e.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <CreateExperimentForm />
    </ConsolePage>
  );
}
