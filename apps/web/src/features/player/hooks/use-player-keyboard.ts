import { useEffect, useRef, type RefObject } from 'react';
import type { SubtitleLanguage } from '@snapdrama/rules';
import { selectHasLayer, useLayerStore } from '../../../shared/layers/layer-store';
import { useVideoSettings } from '../../../shared/video/video-settings';
import { openShortcutsSheet } from '../components/shortcuts-sheet';
import { useActivePlayer } from '../player-store';

/** Seconds ← and → move the playhead. */
export const KEY_SEEK_SECONDS = 5;

export interface PlayerKeyboardTarget {
  /** the element that goes full screen (video, overlays and subtitles) */
  stageRef: RefObject<HTMLElement | null>;
  /** to the previous (-1) or next (+1) episode, as a swipe would */
  step: (direction: -1 | 1) => void;
  /** the subtitle language C turns on */
  preferredSubtitle: () => Exclude<SubtitleLanguage, 'none'>;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** A focused control that Space already presses (the video's own tap area excepted). */
function pressesItself(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement) || target.closest('[data-player-surface]')) return false;
  return (
    target.closest('button, a[href], summary, [role="button"], [role="switch"], [role="tab"]') !==
    null
  );
}

function toggleFullscreen(stage: HTMLElement | null) {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  else void stage?.requestFullscreen().catch(() => undefined);
}

/**
 * The player's keys (issue 46): Space/K play-pause, M mute, F full screen, ↑/↓ and PageUp/PageDown
 * episodes, ←/→ seek 5 s, C subtitles, ? the list of them. Escape is the shell's back action
 * (it closes the top layer). Keys do nothing while the viewer types in a field, with a modifier
 * held (browser shortcuts) or while a layer is open over the player.
 */
export function usePlayerKeyboard(target: PlayerKeyboardTarget): void {
  const latest = useRef(target);
  useEffect(() => {
    latest.current = target;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      if (selectHasLayer(useLayerStore.getState())) return;
      const { stageRef, step, preferredSubtitle } = latest.current;
      const controls = useActivePlayer.getState().controls;
      const handled = (() => {
        switch (event.key) {
          case ' ':
            if (pressesItself(event.target)) return false;
            controls?.togglePlay();
            return true;
          case 'k':
          case 'K':
            controls?.togglePlay();
            return true;
          case 'm':
          case 'M':
            controls?.toggleMute();
            return true;
          case 'f':
          case 'F':
            toggleFullscreen(stageRef.current);
            return true;
          case 'ArrowUp':
          case 'PageUp':
            step(-1);
            return true;
          case 'ArrowDown':
          case 'PageDown':
            step(1);
            return true;
          case 'ArrowLeft':
            controls?.seekBy(-KEY_SEEK_SECONDS);
            return true;
          case 'ArrowRight':
            controls?.seekBy(KEY_SEEK_SECONDS);
            return true;
          case 'c':
          case 'C': {
            const settings = useVideoSettings.getState();
            settings.update({
              subtitle: settings.subtitle === 'none' ? preferredSubtitle() : 'none',
            });
            return true;
          }
          case '?':
            openShortcutsSheet();
            return true;
          default:
            return false;
        }
      })();
      // the page does not scroll under the player
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
