import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { layers } from '../../shared/layers/layer-store';

/** Right-click is disabled and says so with an info toast (spec §2). */
export function useContextMenuBlock() {
  const { t } = useTranslation();
  useEffect(() => {
    const onContextMenu = (event: MouseEvent) => {
      event.preventDefault();
      layers.toast(t('common.right_click_disabled'), 'info');
    };
    window.addEventListener('contextmenu', onContextMenu);
    return () => window.removeEventListener('contextmenu', onContextMenu);
  }, [t]);
}
