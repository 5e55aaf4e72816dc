import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { normalizeVideoSettings, type VideoSettings } from '@snapdrama/rules';
import { VIDEO_SETTINGS_KEY } from '../session/storage-keys';

interface VideoSettingsState extends VideoSettings {
  update: (patch: Partial<VideoSettings>) => void;
}

/**
 * Video settings (spec §3): muted, speed, quality, subtitle language, tool visible, autoplay.
 * Persisted in localStorage; shared because the shell shows the mobile header on the player only
 * while the tool overlay is visible (spec §2).
 */
export const useVideoSettings = create<VideoSettingsState>()(
  persist(
    (set) => ({
      ...normalizeVideoSettings(undefined),
      update: (patch) => set(patch),
    }),
    {
      name: VIDEO_SETTINGS_KEY,
      version: 1,
      storage: createJSONStorage(() => window.localStorage),
      partialize: ({ update: _update, ...settings }) => settings,
      // Whatever is stored (an old version, a hand edit) is read field by field.
      merge: (stored, current) => ({ ...current, ...normalizeVideoSettings(stored) }),
    },
  ),
);
