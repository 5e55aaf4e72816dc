/** The four sign-up consent items (spec §5, §9: consent items 4). */
export interface SignUpConsent {
  /** 14 years or older (spec §9 minimum age 14) */
  age14: boolean;
  terms: boolean;
  privacy: boolean;
  /** new-release and event notifications: optional */
  alarm: boolean;
}

export const MINIMUM_AGE = 14;
export const CONSENT_ITEM_COUNT = 4;

/** Sign-up is possible only with age 14+, terms of service and privacy policy. */
export function canSignUp(consent: SignUpConsent): boolean {
  return consent.age14 && consent.terms && consent.privacy;
}

/** The combined flag infoAgreeYn: Y only when all four toggles are on. */
export function combinedConsentFlag(consent: SignUpConsent): 'Y' | 'N' {
  return consent.age14 && consent.terms && consent.privacy && consent.alarm ? 'Y' : 'N';
}

/** The agree-all toggle: on when every item is on; choosing it sets all four to its new value. */
export function isAllAgreed(consent: SignUpConsent): boolean {
  return combinedConsentFlag(consent) === 'Y';
}

export function setAllConsent(value: boolean): SignUpConsent {
  return { age14: value, terms: value, privacy: value, alarm: value };
}

/** Customer inquiry minimum length (spec §5, §9), counted on the trimmed text. */
export const INQUIRY_MIN_LENGTH = 20;

export function isInquiryLongEnough(text: string): boolean {
  return Array.from(text.trim()).length >= INQUIRY_MIN_LENGTH;
}
