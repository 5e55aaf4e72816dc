import { errorMessage } from '../../shared/api/api-error';
import { i18n } from '../../shared/i18n/i18n';
import { layers } from '../../shared/layers/layer-store';

/** Category list failure (spec §8): contents.msg_fail; confirming reloads home. */
export function alertCategoryFailure(error: unknown): void {
  layers.alert({
    title: i18n.t('error_popup.title'),
    message: errorMessage(error, i18n.t('contents.msg_fail')),
    onConfirm: () => window.location.assign('/'),
  });
}

/** Search failure (spec §8): contents.msg_fail; the alert just closes. */
export function alertSearchFailure(error: unknown): void {
  layers.alert({
    title: i18n.t('error_popup.title'),
    message: errorMessage(error, i18n.t('contents.msg_fail')),
  });
}
