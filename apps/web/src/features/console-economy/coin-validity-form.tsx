import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ECONOMY_LIMITS, type CoinValiditySettingsBody } from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, ui } from '../../shared/console/console-ui';
import { coinValidityMessages } from './coin-validity-messages';
import styles from './economy-page.module.css';

const QUERY_KEY = ['console', 'economy', 'coin-validity'] as const;
const PATH = '/economy/coin-validity';
const MAX_DAYS = 3650;

type Group = 'purchase' | 'bonus';
const SOURCES = {
  purchase: ['web', 'app_store', 'google_play'],
  bonus: ['purchase_bonus', 'mission', 'attendance', 'event', 'advertisement', 'admin', 'invite'],
} as const;
type Source = (typeof SOURCES)[Group][number];

/** One source as edited: never expires, or the days typed (kept while "never" is ticked). */
interface Row {
  never: boolean;
  days: string;
}
type Draft = Record<Group, Record<string, Row>>;
const EMPTY_ROW: Row = { never: false, days: '' };

const toDraft = (s: CoinValiditySettingsBody): Draft => {
  const group = (g: Record<string, number | null>) =>
    Object.fromEntries(
      Object.entries(g).map(([k, v]) => [
        k,
        { never: v === null, days: v === null ? '' : String(v) },
      ]),
    );
  return { purchase: group(s.purchase), bonus: group(s.bonus) };
};

const daysProblem = (row: Row): boolean => {
  if (row.never) return false;
  const n = Number(row.days);
  return row.days.trim() === '' || !Number.isInteger(n) || n < 1 || n > MAX_DAYS;
};

const fromDraft = (d: Draft): CoinValiditySettingsBody => {
  const group = (g: Record<string, Row>) =>
    Object.fromEntries(Object.entries(g).map(([k, r]) => [k, r.never ? null : Number(r.days)]));
  return {
    purchase: group(d.purchase) as CoinValiditySettingsBody['purchase'],
    bonus: group(d.bonus) as CoinValiditySettingsBody['bonus'],
  };
};

function ValidityForm({ initial }: { initial: CoinValiditySettingsBody }) {
  const t = useConsoleText(coinValidityMessages);
  const common = useConsoleText(commonMessages);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => toDraft(initial));
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (v: CoinValiditySettingsBody) => consoleApi.put<CoinValiditySettingsBody>(PATH, v),
    onMutate: () => setSaved(false),
    onSuccess: (after) => {
      setSaved(true);
      setDraft(toDraft(after));
      queryClient.setQueryData(QUERY_KEY, after);
    },
  });
  const invalid = (Object.keys(SOURCES) as Group[]).some((g) =>
    Object.values(draft[g]).some(daysProblem),
  );
  const update = (g: Group, source: Source, row: Partial<Row>) => {
    setSaved(false);
    setDraft({
      ...draft,
      [g]: { ...draft[g], [source]: { ...(draft[g][source] ?? EMPTY_ROW), ...row } },
    });
  };

  const group = (g: Group) => (
    <fieldset className={styles.validityGroup}>
      <legend className={styles.validityLegend}>
        {t(g === 'purchase' ? 'cv.purchase' : 'cv.bonus')}
      </legend>
      {SOURCES[g].map((source) => {
        const row = draft[g][source] ?? EMPTY_ROW;
        const label = t(`cv.src.${source}`);
        const bad = daysProblem(row);
        return (
          <div key={source} className={styles.validityRow} data-testid={`cv-row-${source}`}>
            <span className={styles.validitySource}>{label}</span>
            <div className={styles.validityInputs}>
              <input
                className={ui.input}
                inputMode="numeric"
                maxLength={String(ECONOMY_LIMITS.validityDays).length}
                aria-label={`${label}: ${t('cv.days')}`}
                aria-invalid={bad}
                disabled={row.never}
                value={row.never ? '' : row.days}
                placeholder={row.never ? '∞' : ''}
                onChange={(e) => update(g, source, { days: e.target.value.replace(/[^\d]/g, '') })}
                data-testid={`cv-days-${source}`}
              />
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={row.never}
                  onChange={(e) =>
                    update(g, source, {
                      never: e.target.checked,
                      days: row.days || (e.target.checked ? '' : '7'),
                    })
                  }
                  data-testid={`cv-never-${source}`}
                />
                {t('cv.never')}
              </label>
            </div>
            {bad && (
              <span className={styles.validityError} role="alert">
                {t('cv.range')}
              </span>
            )}
            {source === 'app_store' && (
              <p className={styles.validityWarning} role="note" data-testid="cv-apple-warning">
                {t('cv.apple')}
              </p>
            )}
            {source === 'admin' && <span className={ui.muted}>{t('cv.admin_paid')}</span>}
          </div>
        );
      })}
    </fieldset>
  );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) save.mutate(fromDraft(draft));
      }}
    >
      <p className={ui.muted} style={{ marginTop: 0 }}>
        {t('cv.intro')}
      </p>
      <div className={styles.validityGroups}>
        {group('purchase')}
        {group('bonus')}
      </div>
      <div className={styles.saveRow}>
        <Button
          type="submit"
          variant="primary"
          disabled={save.isPending || invalid}
          data-testid="cv-save"
        >
          {save.isPending ? common('common.saving') : common('common.save')}
        </Button>
        {save.error && <Banner kind="error">{save.error.message}</Banner>}
        {saved && !save.error && <Banner kind="success">{common('common.saved')}</Banner>}
      </div>
    </form>
  );
}

/** Coin validity per source (admins): the settings in force, edited and saved with an audit entry. */
export function CoinValidityCard() {
  const t = useConsoleText(coinValidityMessages);
  const common = useConsoleText(commonMessages);
  const settings = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => consoleApi.get<CoinValiditySettingsBody>(PATH),
  });
  return (
    <Card title={t('cv.title')}>
      <div data-testid="cv-card">
        {settings.isPending && <p className={ui.muted}>{common('common.loading')}</p>}
        {settings.isError && <Banner kind="error">{settings.error.message}</Banner>}
        {settings.isSuccess && <ValidityForm initial={settings.data} />}
      </div>
    </Card>
  );
}
