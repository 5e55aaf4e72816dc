import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminVipPlan, AdminVipPlansData } from '@snapdrama/contract';
import { fromMinorUnits, toMinorUnits } from '@snapdrama/rules';
import { consoleApi } from '../../shared/console/console-api';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { formatMoney, formatWhen } from '../../shared/console/money-format';
import { Banner, Button, Card, Field, ui } from '../../shared/console/console-ui';
import { vipPlansMessages } from './vip-plans-messages';
import styles from './economy-page.module.css';

const QUERY_KEY = ['console', 'economy', 'vip-plans'] as const;

function PlanForm({ plan }: { plan: AdminVipPlan }) {
  const t = useConsoleText(vipPlansMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const queryClient = useQueryClient();
  const [krw, setKrw] = useState(String(plan.krw));
  const [usd, setUsd] = useState(fromMinorUnits(plan.usdCents, 'USD').toFixed(2));
  const [message, setMessage] = useState<string>();
  const krwValue = Number(krw);
  const usdValue = Number(usd);
  const valid =
    /^\d+$/.test(krw) && krwValue >= 100 && /^\d+(\.\d{1,2})?$/.test(usd) && usdValue >= 0.5;
  const save = useMutation({
    mutationFn: () =>
      consoleApi.put<AdminVipPlan>(`/economy/vip-plans/${plan.code}`, {
        krw: krwValue,
        usdCents: toMinorUnits(usdValue, 'USD'),
      }),
    onSuccess: async (saved) => {
      const changed = saved.krw !== plan.krw || saved.usdCents !== plan.usdCents;
      setMessage(
        changed
          ? t('vip.saved', {
              krw: formatMoney(saved.krw, 'KRW', lang),
              usd: formatMoney(saved.usdCents, 'USD', lang),
            })
          : t('vip.unchanged'),
      );
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });
  const edit = (set: (v: string) => void) => (value: string) => {
    setMessage(undefined);
    set(value);
  };
  return (
    <form
      className={styles.pack}
      onSubmit={(e) => {
        e.preventDefault();
        setMessage(undefined);
        if (valid) save.mutate();
      }}
      data-testid={`vip-plan-${plan.code}`}
    >
      <strong>{t(`vip.plan.${plan.code}`)}</strong>
      <span className={ui.muted}>
        {plan.since ? t('vip.since', { time: formatWhen(plan.since, lang) }) : t('vip.first')}
      </span>
      <Field label={t('vip.krw')}>
        <input
          className={ui.input}
          inputMode="numeric"
          value={krw}
          onChange={(e) => edit(setKrw)(e.target.value.replace(/\D/g, ''))}
          data-testid={`vip-plan-${plan.code}-krw`}
        />
      </Field>
      <Field label={t('vip.usd')} error={valid ? undefined : t('vip.bad')}>
        <input
          className={ui.input}
          inputMode="decimal"
          value={usd}
          onChange={(e) => edit(setUsd)(e.target.value.replace(/[^\d.]/g, ''))}
          data-testid={`vip-plan-${plan.code}-usd`}
        />
      </Field>
      <div className={styles.saveRow}>
        <Button
          type="submit"
          variant="primary"
          disabled={!valid || save.isPending}
          data-testid={`vip-plan-${plan.code}-save`}
        >
          {save.isPending ? common('common.saving') : common('common.save')}
        </Button>
        {save.isError && <Banner kind="error">{save.error.message}</Banner>}
        {message && !save.isError && <Banner kind="success">{message}</Banner>}
      </div>
    </form>
  );
}

/** The VIP plans' web prices, edited with the coin packs (decision 1551). */
export function VipPlansCard() {
  const t = useConsoleText(vipPlansMessages);
  const common = useConsoleText(commonMessages);
  const plans = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => consoleApi.get<AdminVipPlansData>('/economy/vip-plans'),
  });
  return (
    <Card title={t('vip.title')}>
      <p className={ui.muted} style={{ marginTop: 0 }}>
        {t('vip.intro')}
      </p>
      {plans.isPending ? (
        <p className={ui.muted}>{common('common.loading')}</p>
      ) : plans.isError ? (
        <Banner kind="error">{plans.error.message}</Banner>
      ) : (
        <div className={styles.packs}>
          {plans.data.plans.map((p) => (
            <PlanForm key={p.code} plan={p} />
          ))}
        </div>
      )}
    </Card>
  );
}
