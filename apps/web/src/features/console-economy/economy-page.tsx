import { useCodeText } from '../../shared/console/console-codes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  ECONOMY_LIMITS,
  type AdLimitsSettings,
  type AdminGoods,
  type AdminMission,
  type EconomyData,
  type MissionId,
} from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { CoinValidityCard } from './coin-validity-form';
import { InviteSettingsCard } from './invite-settings-card';
import { PushSettingsCard } from './push-settings-card';
import { VipPlansCard } from './vip-plans-card';
import { economyMessages } from './economy-messages';
import styles from './economy-page.module.css';

const QUERY_KEY = ['console', 'economy'] as const;

/** A save button with the server's answer under it (its message names the field). */
function useSave<T>(send: (value: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const mutation = useMutation({
    mutationFn: send,
    onMutate: () => setSaved(false),
    onSuccess: async () => {
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });
  return { ...mutation, saved };
}

function SaveRow(props: { pending: boolean; saved: boolean; error: Error | null; testId: string }) {
  const common = useConsoleText(commonMessages);
  return (
    <div className={styles.saveRow}>
      <Button type="submit" variant="primary" disabled={props.pending} data-testid={props.testId}>
        {props.pending ? common('common.saving') : common('common.save')}
      </Button>
      {props.error && <Banner kind="error">{props.error.message}</Banner>}
      {props.saved && !props.error && <Banner kind="success">{common('common.saved')}</Banner>}
    </div>
  );
}

const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const GOODS_MAX = {
  paidCoin: ECONOMY_LIMITS.coins,
  bonusCoin: ECONOMY_LIMITS.coins,
  firstBonusCoin: ECONOMY_LIMITS.coins,
  krw: ECONOMY_LIMITS.money,
  usdCents: ECONOMY_LIMITS.money,
  iapPriceCents: ECONOMY_LIMITS.money,
  sortOrder: ECONOMY_LIMITS.sortOrder,
} as const;

/** Whole numbers only; no more digits than the contract's limit has (the server checks the limit). */
function NumberInput(props: {
  value: string;
  onChange: (v: string) => void;
  label: string;
  max: number | undefined;
  testId?: string;
}) {
  return (
    <input
      className={ui.input}
      inputMode="numeric"
      max={props.max}
      maxLength={props.max === undefined ? undefined : String(props.max).length}
      aria-label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value.replace(/[^\d]/g, ''))}
      data-testid={props.testId}
    />
  );
}

function AdLimitsForm({ initial }: { initial: AdLimitsSettings }) {
  const t = useConsoleText(economyMessages);
  const [cooldown, setCooldown] = useState(String(initial.cooldownSeconds));
  const [cap, setCap] = useState(String(initial.dailyCap));
  const save = useSave((v: AdLimitsSettings) => consoleApi.put('/economy/ad-limits', v));
  return (
    <Card title={t('eco.ads')}>
      <form
        className={styles.grid2}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ cooldownSeconds: num(cooldown), dailyCap: num(cap) });
        }}
      >
        <Field label={t('eco.cooldown')}>
          <NumberInput
            value={cooldown}
            onChange={setCooldown}
            label={t('eco.cooldown')}
            max={ECONOMY_LIMITS.cooldownSeconds}
            testId="eco-cooldown"
          />
        </Field>
        <Field label={t('eco.cap')}>
          <NumberInput
            value={cap}
            onChange={setCap}
            label={t('eco.cap')}
            max={ECONOMY_LIMITS.dailyAdCap}
            testId="eco-cap"
          />
        </Field>
        <SaveRow
          pending={save.isPending}
          saved={save.saved}
          error={save.error}
          testId="eco-ads-save"
        />
      </form>
    </Card>
  );
}

function AttendanceForm({ initial }: { initial: number[] }) {
  const t = useConsoleText(economyMessages);
  const [coins, setCoins] = useState(() => initial.map(String));
  const save = useSave((v: number[]) => consoleApi.put('/economy/attendance', { coins: v }));
  return (
    <Card title={t('eco.attendance')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(coins.map(num));
        }}
      >
        <div className={styles.days}>
          {coins.map((c, i) => (
            <Field key={i} label={t('eco.day', { n: i + 1 })}>
              <NumberInput
                value={c}
                label={t('eco.day', { n: i + 1 })}
                max={ECONOMY_LIMITS.attendanceCoins}
                onChange={(v) => setCoins(coins.map((x, j) => (j === i ? v : x)))}
              />
            </Field>
          ))}
        </div>
        <SaveRow
          pending={save.isPending}
          saved={save.saved}
          error={save.error}
          testId="eco-attendance-save"
        />
      </form>
    </Card>
  );
}

function MissionRow({ mission }: { mission: AdminMission }) {
  const t = useConsoleText(economyMessages);
  const code = useCodeText();
  const [m, setM] = useState({
    reward: String(mission.reward),
    condition: String(mission.condition),
    rewardCount: String(mission.rewardCount),
    period: mission.period,
    sortOrder: String(mission.sortOrder),
    active: mission.active,
  });
  const save = useSave(() =>
    consoleApi.put(`/economy/missions/${mission.id}`, {
      reward: num(m.reward),
      condition: num(m.condition),
      rewardCount: num(m.rewardCount),
      period: m.period,
      sortOrder: num(m.sortOrder),
      active: m.active,
    }),
  );
  const cell = (label: string, node: ReactNode) => (
    <label className={styles.cell}>
      <span className={styles.cellLabel}>{label}</span>
      {node}
    </label>
  );
  return (
    <form
      className={styles.mission}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      data-testid={`eco-mission-${mission.id}`}
    >
      <strong className={styles.missionId}>{t(`eco.mission_${mission.id as MissionId}`)}</strong>
      {cell(
        t('eco.col_reward'),
        <NumberInput
          value={m.reward}
          label={t('eco.col_reward')}
          max={ECONOMY_LIMITS.coins}
          onChange={(v) => setM({ ...m, reward: v })}
        />,
      )}
      {cell(
        t('eco.col_condition'),
        <NumberInput
          value={m.condition}
          label={t('eco.col_condition')}
          max={ECONOMY_LIMITS.missionCount}
          onChange={(v) => setM({ ...m, condition: v })}
        />,
      )}
      {cell(
        t('eco.col_count'),
        <NumberInput
          value={m.rewardCount}
          label={t('eco.col_count')}
          max={ECONOMY_LIMITS.missionCount}
          onChange={(v) => setM({ ...m, rewardCount: v })}
        />,
      )}
      {cell(
        t('eco.col_period'),
        <select
          className={ui.input}
          value={m.period}
          onChange={(e) => setM({ ...m, period: e.target.value === 'O' ? 'O' : 'D' })}
        >
          <option value="D">{code('period', 'D')}</option>
          <option value="O">{code('period', 'O')}</option>
        </select>,
      )}
      {cell(
        t('eco.col_order'),
        <NumberInput
          value={m.sortOrder}
          label={t('eco.col_order')}
          max={ECONOMY_LIMITS.sortOrder}
          onChange={(v) => setM({ ...m, sortOrder: v })}
        />,
      )}
      {cell(
        t('eco.col_active'),
        <input
          type="checkbox"
          checked={m.active}
          onChange={(e) => setM({ ...m, active: e.target.checked })}
        />,
      )}
      <SaveRow
        pending={save.isPending}
        saved={save.saved}
        error={save.error}
        testId={`eco-mission-save-${mission.id}`}
      />
    </form>
  );
}

const EMPTY_PACK: AdminGoods = {
  godsCode: '',
  paidCoin: 100,
  bonusCoin: 0,
  firstBonusCoin: 0,
  krw: 0,
  usdCents: 0,
  iapGoogle: '',
  iapApple: '',
  iapPriceCents: 0,
  sortOrder: 100,
  active: false,
};

function GoodsForm({ pack, isNew }: { pack: AdminGoods; isNew?: boolean }) {
  const t = useConsoleText(economyMessages);
  const [g, setG] = useState(
    () =>
      ({
        ...Object.fromEntries(
          Object.entries(pack).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]),
        ),
      }) as Record<keyof AdminGoods, string | boolean>,
  );
  const text = (k: keyof AdminGoods) => String(g[k]);
  const save = useSave(() => {
    const { godsCode, ...rest } = g;
    const body = Object.fromEntries(
      Object.entries(rest).map(([k, v]) => [
        k,
        typeof v === 'boolean' || k.startsWith('iapG') || k.startsWith('iapA') ? v : num(String(v)),
      ]),
    );
    return consoleApi.put(`/economy/goods/${encodeURIComponent(String(godsCode))}`, body);
  });
  const numberField = (k: keyof typeof GOODS_MAX, label: string) => (
    <Field label={label}>
      <NumberInput
        value={text(k)}
        label={label}
        max={GOODS_MAX[k]}
        onChange={(v) => setG({ ...g, [k]: v })}
      />
    </Field>
  );
  return (
    <form
      className={styles.pack}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      data-testid={`eco-pack-${isNew ? 'new' : pack.godsCode}`}
    >
      <Field label={t('eco.code')}>
        <input
          className={ui.input}
          value={text('godsCode')}
          readOnly={!isNew}
          onChange={(e) => setG({ ...g, godsCode: e.target.value })}
        />
      </Field>
      {numberField('paidCoin', t('eco.paid'))}
      {numberField('bonusCoin', t('eco.bonus'))}
      {numberField('firstBonusCoin', t('eco.first_bonus'))}
      {numberField('krw', t('eco.krw'))}
      {numberField('usdCents', t('eco.usd'))}
      <div className={styles.wide}>
        <Field label={t('eco.iap_google')}>
          <input
            className={ui.input}
            value={text('iapGoogle')}
            onChange={(e) => setG({ ...g, iapGoogle: e.target.value })}
          />
        </Field>
      </div>
      <div className={styles.wide}>
        <Field label={t('eco.iap_apple')}>
          <input
            className={ui.input}
            value={text('iapApple')}
            onChange={(e) => setG({ ...g, iapApple: e.target.value })}
          />
        </Field>
      </div>
      {numberField('iapPriceCents', t('eco.iap_price'))}
      {numberField('sortOrder', t('eco.col_order'))}
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={g.active === true}
          onChange={(e) => setG({ ...g, active: e.target.checked })}
        />
        {t('eco.on_sale')}
      </label>
      <SaveRow
        pending={save.isPending}
        saved={save.saved}
        error={save.error}
        testId={`eco-pack-save-${isNew ? 'new' : pack.godsCode}`}
      />
    </form>
  );
}

/** Coin packs, missions, attendance coins and ad limits (admins): read by the services at once. */
export function EconomyPage() {
  const t = useConsoleText(economyMessages);
  const common = useConsoleText(commonMessages);
  const [adding, setAdding] = useState(false);
  const economy = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => consoleApi.get<EconomyData>('/economy'),
  });
  if (economy.isPending) return <p className={ui.muted}>{common('common.loading')}</p>;
  if (economy.isError) return <Banner kind="error">{economy.error.message}</Banner>;
  const { goods, missions, attendanceCoins, adLimits } = economy.data;
  return (
    <ConsolePage title={t('eco.title')}>
      <p className={ui.muted} style={{ margin: 0 }}>
        {t('eco.intro')}
      </p>
      <div className={styles.top}>
        <AdLimitsForm initial={adLimits} />
        <AttendanceForm initial={attendanceCoins} />
      </div>
      <CoinValidityCard />
      <InviteSettingsCard />
      <PushSettingsCard />
      <Card title={t('eco.missions')}>
        <div className={styles.missions}>
          {missions.map((m) => (
            <MissionRow key={m.id} mission={m} />
          ))}
        </div>
      </Card>
      <Card title={t('eco.goods')}>
        <div className={styles.packs}>
          {goods.map((g) => (
            <GoodsForm key={g.godsCode} pack={g} />
          ))}
          {adding ? (
            <GoodsForm pack={EMPTY_PACK} isNew />
          ) : (
            <div>
              <Button onClick={() => setAdding(true)} data-testid="eco-new-pack">
                {t('eco.new_pack')}
              </Button>
            </div>
          )}
        </div>
      </Card>
      <VipPlansCard />
    </ConsolePage>
  );
}
