import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@snapdrama/contract';

/**
 * Translates a content key that the server sends (drama titles and descriptions live in the
 * dictionary under keys the contract cannot list).
 */
export function useContentText(): (key: string) => string {
  const { t } = useTranslation();
  return (key) => t(key as MessageKey);
}
