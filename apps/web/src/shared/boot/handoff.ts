import type { RawReply } from '../api/api-client';

/*
 * The hand-over between the boot script and the app. Types and small functions only, so the app's
 * bundle takes nothing of the boot script's code.
 */

/** A path part that names a drama or an episode: a positive whole number, or undefined. */
export const positiveNumber = (value: string | undefined) =>
  value !== undefined && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

/** A guest join the boot script sent: the guest id it made, and the server's reply. */
export interface BootJoin {
  authId: string;
  reply: Promise<RawReply>;
}

/** The token a join's reply gives, or null when the join did not succeed. */
export function joinedToken(reply: RawReply): string | null {
  const data = reply.body?.data as { access_token?: unknown } | undefined;
  if (reply.status !== 200 || reply.body?.code !== 0) return null;
  return typeof data?.access_token === 'string' && data.access_token !== ''
    ? data.access_token
    : null;
}

/** A request the boot script sent with the token its join was given. */
export interface BootSigned {
  token: string;
  reply: Promise<RawReply>;
}

/** The dictionary the boot script asked for, and the language it chose (boot-dictionary.ts). */
export interface BootDictionary {
  language: string;
  reply: Promise<RawReply>;
}

/**
 * What the boot script asked for a player link once its join answered (boot-player.ts): the
 * drama info, and the episode start when the link names an episode.
 */
export interface BootPlayer {
  dramaId: number;
  epsd?: number;
  /** the requests once the join answered, or null when it failed (nothing was sent) */
  sent: Promise<{ info: Promise<RawReply>; start?: Promise<RawReply> } | null>;
}

/**
 * A cold player link's first seconds, playing before the app's code ran (boot-video.ts): the
 * element, laid over the first screen, and its MediaSource with one SourceBuffer of the muxed
 * rendition, for the episode's slide and its hls.js to take over.
 */
export interface BootVideo {
  /** `dramaId/epsd` */
  key: string;
  /** the start's Auto URL, as the slide's engine loads it */
  src: string;
  video: HTMLVideoElement;
  mediaSource: MediaSource;
  /** once the MediaSource has opened */
  buffer?: SourceBuffer;
  codecs: string;
  /** autoplay with sound was refused, so it plays muted */
  mutedByPolicy?: boolean;
}

declare global {
  interface Window {
    snapdramaBootVideo?: BootVideo;
    snapdramaBootJoin?: BootJoin;
    snapdramaBootUserInfo?: Promise<BootSigned | null>;
    snapdramaBootPlayer?: BootPlayer;
    snapdramaBootDictionary?: BootDictionary;
  }
}

/** The boot script's join for this guest id, handed over once. */
export function takeBootJoin(
  win: { snapdramaBootJoin?: BootJoin },
  authId: string,
): Promise<RawReply> | null {
  const join = win.snapdramaBootJoin;
  if (!join || join.authId !== authId) return null;
  delete win.snapdramaBootJoin;
  return join.reply;
}

/**
 * The boot script's requests for this player link, handed over once: a link other than the one
 * the boot read (it cannot be, on the page's first route) gets nothing.
 */
export function takeBootPlayer(
  win: { snapdramaBootPlayer?: BootPlayer },
  dramaId: number,
  epsd: number | undefined,
): BootPlayer | null {
  const sent = win.snapdramaBootPlayer;
  if (!sent || sent.dramaId !== dramaId || sent.epsd !== epsd) return null;
  delete win.snapdramaBootPlayer;
  return sent;
}

/**
 * The user info the boot script asked for once its join answered, handed over once, and only if
 * it was sent with the token the app now holds; null otherwise (the app sends its own).
 */
export async function takeBootUserInfo(
  win: { snapdramaBootUserInfo?: Promise<BootSigned | null> },
  token: string,
): Promise<BootSigned | null> {
  const pending = win.snapdramaBootUserInfo;
  if (!pending) return null;
  delete win.snapdramaBootUserInfo;
  const sent = await pending;
  return sent?.token === token ? sent : null;
}

/** The boot script's dictionary request, handed over once, for the language it chose only. */
export function takeBootDictionary(
  win: { snapdramaBootDictionary?: BootDictionary },
  language: string,
): Promise<RawReply> | null {
  const sent = win.snapdramaBootDictionary;
  if (!sent || sent.language !== language) return null;
  delete win.snapdramaBootDictionary;
  return sent.reply;
}

/** The boot script's video for this episode and source, if there is one, left in place. */
export function peekBootVideo(
  win: { snapdramaBootVideo?: BootVideo },
  key: string,
  src: string,
): BootVideo | undefined {
  const boot = win.snapdramaBootVideo;
  return boot?.key === key && boot.src === src && boot.buffer ? boot : undefined;
}

/** The boot script's video whose element this is, handed over once. */
export function takeBootVideo(
  win: { snapdramaBootVideo?: BootVideo },
  video: HTMLVideoElement,
): (BootVideo & { buffer: SourceBuffer }) | undefined {
  const boot = win.snapdramaBootVideo;
  if (boot?.video !== video || !boot.buffer) return undefined;
  delete win.snapdramaBootVideo;
  return { ...boot, buffer: boot.buffer };
}

/**
 * Takes down a boot video nobody took over (the app opened something else, or the episode's slide
 * came before the video could be taken): it must not keep playing over the page. With `key`, only
 * that episode's.
 */
export function dropBootVideo(win: { snapdramaBootVideo?: BootVideo }, key?: string): void {
  const boot = win.snapdramaBootVideo;
  if (!boot || (key !== undefined && boot.key !== key)) return;
  delete win.snapdramaBootVideo;
  boot.video.pause();
  boot.video.remove();
  boot.video.removeAttribute('src');
  boot.video.load();
}
