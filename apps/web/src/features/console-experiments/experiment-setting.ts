import type { Experiment } from '@snapdrama/contract';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { formatMoney } from '../../shared/console/money-format';
import { experimentsMessages } from './experiments-messages';

/** How an experiment's target and each variant's setting read, in the operator's language. */
export function useSettingText() {
  const t = useConsoleText(experimentsMessages);
  const lang = useConsoleLanguage();
  const count = (n: number) => new Intl.NumberFormat(lang).format(n);
  return {
    target: (e: Experiment) =>
      e.dramaId !== null ? t('exp.drama_n', { id: e.dramaId }) : (e.godsCode ?? ''),
    variant(e: Experiment, index: number): string {
      const v = e.variants[index];
      if (!v) return '';
      if ('firstPaidEpisode' in v) return t('exp.setting.paywall', { n: v.firstPaidEpisode });
      if ('krw' in v)
        return t('exp.setting.pack', {
          price: formatMoney(v.krw, 'KRW', lang),
          bonus: count(v.bonusCoin),
        });
      return t('exp.setting.first', { bonus: count(v.firstBonusCoin) });
    },
  };
}
