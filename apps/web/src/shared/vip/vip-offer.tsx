import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VipGateway, VipPlanCode } from '@snapdrama/contract';
import { errorMessage } from '../api/api-error';
import { layers } from '../layers/layer-store';
import { requestLogin } from '../session/login-request';
import { isGuest, useUserInfo } from '../session/user-info';
import { Button } from '../ui/button';
import { subscribeVip, useVipPass, useVipPlans, vipReturnPath } from './vip-api';
import { displayCurrency } from '@snapdrama/rules';
import { formatUsd, formatVipDate, formatVipPrice } from './vip-format';
import { isTossCancel, requestTossBillingAuth } from './toss-billing-auth';
import styles from './vip-offer.module.css';

/**
 * The VIP pass offer: weekly and monthly plans, then the gateway: Toss first for Korean viewers
 * (a card registered for automatic payment, charged in KRW), then Stripe or PayPal (in USD). Shown
 * beside the coin packs (/payment) and on the locked-episode layer (compact). A member with an
 * active pass sees it instead. The buyer goes to the provider's page and comes back to
 * /vip/return/{gateway}, then to where they were.
 */
export function VipOffer({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const user = useUserInfo().data?.user;
  const guest = isGuest(user);
  const pass = useVipPass().data;
  const plans = useVipPlans().data;
  const [plan, setPlan] = useState<VipPlanCode | undefined>();
  const [busy, setBusy] = useState(false);

  if (pass?.active) {
    return (
      <p className={styles.active} data-testid="vip-active">
        <span className={styles.badge}>{t('vip.badge')}</span>
        {t('vip.active_until', { date: formatVipDate(pass.activeUntil, i18n.language) })}
      </p>
    );
  }
  if (!plans || plans.length === 0) return null;
  const weekly = plans.find((p) => p.code === 'vip_weekly');
  const chosen = plans.find((p) => p.code === plan);

  const buy = async (gateway: VipGateway) => {
    if (!plan) return;
    setBusy(true);
    try {
      const started = await subscribeVip({ plan, pymnGtwy: gateway });
      vipReturnPath.save(window.location.pathname + window.location.search);
      if (started.checkoutUrl) window.location.assign(started.checkoutUrl);
      // live Toss: its SDK's card registration window, which returns to successUrl / failUrl
      else if (started.toss?.clientKey) await requestTossBillingAuth(started.toss);
      else throw new Error(t('vip.unavailable'));
    } catch (error) {
      setBusy(false);
      if (isTossCancel(error)) {
        layers.toast(t('vip.msg_checkout_canceled'), 'info');
        return;
      }
      layers.alert({
        title: t('error_popup.title'),
        message: errorMessage(error, t('vip.msg_fail')),
      });
    }
  };
  // Korean viewers pay in won through Toss (spec §9: KRW for Korean); the others in US dollars
  const korean = displayCurrency(i18n.language) === 'KRW';

  const choosePlan = (code: VipPlanCode) => (guest ? requestLogin() : setPlan(code));

  return (
    <section
      className={compact ? `${styles.offer} ${styles.compact}` : styles.offer}
      data-testid={compact ? 'vip-offer-locked' : 'vip-offer'}
      aria-label={t('vip.title')}
    >
      <header className={styles.head}>
        <span className={styles.badge}>{t('vip.badge')}</span>
        <div className={styles.titles}>
          <strong>{t('vip.title')}</strong>
          <small>
            {compact && weekly
              ? t('vip.locked_from', { price: formatVipPrice(weekly, i18n.language) })
              : t('vip.tagline')}
          </small>
        </div>
      </header>
      {chosen ? (
        <div className={styles.gateways} data-testid="vip-gateways">
          <p className={styles.chosen} data-testid="vip-chosen">
            {t('vip.chosen', {
              plan: t(chosen.interval === 'week' ? 'vip.weekly' : 'vip.monthly'),
              price: t(chosen.interval === 'week' ? 'vip.per_week' : 'vip.per_month', {
                price: formatVipPrice(chosen, i18n.language),
              }),
            })}
          </p>
          <p className={styles.pay}>{t('vip.choose_gateway')}</p>
          {korean && (
            <>
              <Button
                block
                disabled={busy}
                onClick={() => void buy('T')}
                data-testid="vip-pay-toss"
              >
                {t('vip.gateway_toss')}
              </Button>
              <p className={styles.note} data-testid="vip-toss-note">
                {t('vip.toss_note', { price: formatVipPrice(chosen, i18n.language) })}
              </p>
            </>
          )}
          {displayCurrency(i18n.language) !== 'USD' && (
            // card and PayPal charge the plan's US dollar price (vip-gateways.service.ts)
            <p
              className={korean ? `${styles.note} ${styles.later}` : styles.note}
              data-testid="vip-charge-currency"
            >
              {t('vip.charged_usd', { price: formatUsd(chosen.usd, i18n.language) })}
            </p>
          )}
          <Button
            block
            variant={korean ? 'secondary' : undefined}
            disabled={busy}
            onClick={() => void buy('S')}
            data-testid="vip-pay-stripe"
          >
            {t('vip.gateway_stripe')}
          </Button>
          <Button
            block
            variant="secondary"
            disabled={busy}
            onClick={() => void buy('P')}
            data-testid="vip-pay-paypal"
          >
            {t('vip.gateway_paypal')}
          </Button>
          <button
            type="button"
            className={styles.back}
            onClick={() => setPlan(undefined)}
            data-testid="vip-change-plan"
          >
            {t('vip.change_plan')}
          </button>
        </div>
      ) : (
        <div className={styles.plans}>
          {plans.map((p) => (
            <button
              key={p.code}
              type="button"
              className={styles.plan}
              onClick={() => choosePlan(p.code)}
              data-testid={`vip-plan-${p.code}`}
            >
              <span className={styles.planName}>
                {t(p.interval === 'week' ? 'vip.weekly' : 'vip.monthly')}
              </span>
              <span className={styles.price}>
                {t(p.interval === 'week' ? 'vip.per_week' : 'vip.per_month', {
                  price: formatVipPrice(p, i18n.language),
                })}
              </span>
            </button>
          ))}
        </div>
      )}
      {!compact && <p className={styles.note}>{t('vip.note')}</p>}
    </section>
  );
}
