import { Icon } from '../../../shared/ui/icons';

/** Player-only icons on the shared 24 px icon frame. */
export const PauseIcon = () => (
  <Icon fill="currentColor" stroke="none">
    <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
  </Icon>
);
export const VolumeOnIcon = () => (
  <Icon>
    <path d="M11 5L6 9H3v6h3l5 4z" />
    <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
  </Icon>
);
export const CheckIcon = () => (
  <Icon>
    <path d="M5 12l5 5 9-10" />
  </Icon>
);
export const ChevronRightIcon = () => (
  <Icon>
    <path d="M9 6l6 6-6 6" />
  </Icon>
);
// the feed shares with the same icon (shared/ui/icons.tsx)
export { ShareIcon } from '../../../shared/ui/icons';
export const CoinIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M14.5 9.5a3 3 0 1 0 0 5" />
  </Icon>
);
export const AdIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M10 9.5v5l4-2.5z" />
  </Icon>
);
