/*
 * The native bridge's constants without any schema (docs/native-bridge.md): the web's main bundle
 * detects the host with these alone; the schemas load with the bridge.
 */

/** The origin of every host → web event (spec §7 "native protocol origin"). */
export const NATIVE_ORIGIN = 'snapdrama-native://host';

export const NATIVE_PLATFORMS = ['ios', 'android'] as const;
export type NativePlatform = (typeof NATIVE_PLATFORMS)[number];

/**
 * The protocol version this web build speaks. `getAppVersion` answers the host's; a host with a
 * higher major version still answers the messages of this one (the host keeps old versions).
 */
export const NATIVE_PROTOCOL_VERSION = 1;
