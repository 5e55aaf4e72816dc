import { ResultCode, type ErrorCode, type ResultCodeName } from '../codes';

/*
 * What a refusal says to a person, per result code and per language (issue 47): the server sends
 * the dictionary text `error.<code>` in the caller's language as the envelope's `message`; the
 * developer's wording stays in the log. Validation errors are put together from a template per
 * schema issue (`validation.*`) and the field's name (`field.*`).
 */

export type ErrorCodeName = Exclude<ResultCodeName, 'OK'>;
export type ErrorMessageKey = `error.${ErrorCode}`;

/** The dictionary key of a result code's text. */
export const errorMessageKey = (code: ErrorCode): ErrorMessageKey => `error.${code}`;

export function byCode(texts: Record<ErrorCodeName, string>): Record<ErrorMessageKey, string> {
  const out = {} as Record<ErrorMessageKey, string>;
  for (const [name, text] of Object.entries(texts) as [ErrorCodeName, string][])
    out[errorMessageKey(ResultCode[name])] = text;
  return out;
}

const enErrorTexts = {
  BAD_REQUEST: 'Please check what you entered.',
  INVALID_SESSION: 'Please log in again.',
  REFRESH_TOKEN_INVALID: 'Please log in again.',
  FORBIDDEN: 'You do not have access to this.',
  CROSS_SITE_REQUEST: 'This request was blocked for your security. Please try again on SnapDrama.',
  MEDIA_SIGNATURE_INVALID: 'This video link has expired. Please reload the page.',
  GUEST_NOT_FOUND: 'Your guest account was not found.',
  EPISODE_LOCKED: 'This episode is locked. Unlock it to watch.',
  NOT_FOUND: 'We could not find what you were looking for.',
  DRAMA_NOT_FOUND: 'We could not find this drama.',
  EPISODE_NOT_FOUND: 'We could not find this episode.',
  LANGUAGE_NOT_FOUND: 'This language is not supported.',
  WATCH_LOG_NOT_FOUND: 'We could not find this viewing record.',
  ALREADY_BOOKMARKED: 'This drama is already in your bookmarks.',
  REFRESH_TOKEN_REUSED: 'Your session was used elsewhere. Please log in again.',
  ALREADY_JOINED: 'You already have an account.',
  PAYLOAD_TOO_LARGE: 'What you sent is too large.',
  URI_TOO_LONG: 'What you entered is too long.',
  UNSUPPORTED_MEDIA_TYPE: 'This kind of content cannot be sent here.',
  ACCESS_TOKEN_EXPIRED: 'Your session has expired. Please try again.',
  RATE_LIMITED: 'Too many requests. Please try again in a moment.',
  INTERNAL: 'Something went wrong on our side. Please try again later.',
  UNAVAILABLE: 'The service is briefly unavailable. Please try again in a moment.',
  GUEST_NOT_ALLOWED: 'Please log in first.',
  INSUFFICIENT_COINS: 'You do not have enough coins.',
  EPISODE_ALREADY_UNLOCKED: 'This episode is already unlocked.',
  EPISODE_NOT_NEXT: 'Please unlock the episodes in order.',
  EPISODE_FREE: 'This episode is free to watch.',
  IDEMPOTENCY_KEY_REUSED: 'This request was already made with different details.',
  REFUND_NOT_ALLOWED: 'These coins cannot be refunded.',
  NICKNAME_INVALID: 'Use 2 to 10 letters (English or Korean) or digits for your nickname.',
  NICKNAME_UNCHANGED: 'This is already your nickname.',
  CONSENT_REQUIRED: 'Please agree to the required terms.',
  INQUIRY_TOO_SHORT: 'Please write at least 20 characters.',
  REDIRECT_URI_NOT_ALLOWED: 'Login could not be completed from this page.',
  SOCIAL_AUTH_FAILED: 'Login failed. Please try again.',
  SIGN_IN_TICKET_INVALID: 'Your login has expired. Please log in again.',
  ACCOUNT_NOT_FOUND: 'There is no account for this login yet.',
  PROVIDER_UNAVAILABLE: 'This login method is not available right now.',
  MISSION_INPUT_REQUIRED: 'This mission could not be reported.',
  EVENT_GUEST_NOT_ALLOWED: 'Please log in to join events.',
  AD_CALLBACK_SIGNATURE_INVALID: 'The ad could not be confirmed.',
  AD_CALLBACK_KEYS_UNAVAILABLE: 'The ad reward could not be verified right now.',
  REQUEST_TIMEOUT: 'The request took too long. Please try again.',
  REQUEST_HEADERS_TOO_LARGE: 'The request is too large. Please try again.',
  INGEST_TUS_VERSION_UNSUPPORTED: 'This upload tool is not supported. Please update it.',
  MISSION_NOT_FOUND: 'We could not find this mission.',
  AD_VIEW_NOT_FOUND: 'We could not find this ad.',
  MISSION_WATCH_LOG_NOT_FOUND: 'We could not find this viewing record.',
  ALREADY_ATTENDED: 'You have already checked in today.',
  ATTENDANCE_DAY_MISMATCH: 'Your check-in changed. Please refresh and try again.',
  MISSION_COMPLETED: 'This mission is already completed.',
  MISSION_NOT_COMPLETE: 'This mission is not completed yet.',
  AD_VIEW_USED: 'This ad has already been rewarded.',
  AD_VIEW_TOO_EARLY: 'Please watch the ad to the end.',
  AD_VIEW_EXPIRED: 'This ad has expired. Please watch a new one.',
  AD_VIEW_WRONG_TYPE: 'This ad cannot be used here.',
  AD_VIEW_NOT_VERIFIED: 'The ad has not been confirmed yet.',
  MISSION_ALREADY_REPORTED: 'This has already been counted.',
  AD_UNLOCK_COOLDOWN: 'Please wait a little before the next ad.',
  AD_UNLOCK_CAP_REACHED: 'You have used all ad unlocks for today.',
  AD_RATE_LIMITED: 'Too many ads. Please try again later.',
  PAYMENT_GOODS_NOT_FOUND: 'This coin pack is not for sale.',
  PAYMENT_ORDER_NOT_FOUND: 'We could not find this order.',
  STRIPE_SESSION_NOT_FOUND: 'Payment session information not found.',
  PAYMENT_PRICE_MISMATCH: 'The price has changed. Please check the coin packs again.',
  PAYMENT_NOT_AVAILABLE: 'Purchase not available.',
  PAYMENT_GATEWAY_MISMATCH: 'This payment was made with another method.',
  PAYMENT_AMOUNT_MISMATCH: 'The amount paid does not match the order.',
  PAYPAL_ORDER_ID_MISMATCH: 'The payment order number does not match.',
  PAYMENT_DECLINED: 'The payment was declined.',
  PAYMENT_NOT_COMPLETED: 'The payment is not completed yet.',
  PAYMENT_ORDER_CLOSED: 'This order is closed. Please start a new purchase.',
  PAYMENT_ALREADY_USED: 'This purchase has already been used.',
  IAP_VERIFICATION_FAILED: 'The store purchase could not be verified.',
  WEBHOOK_SIGNATURE_INVALID: 'The payment notice could not be verified.',
  PAYMENT_PROVIDER_UNAVAILABLE: 'This payment method is not available right now.',
  IAP_STATUS_UNAVAILABLE:
    'We could not confirm this purchase with the store. Please try again shortly.',
  IAP_TRANSACTION_UNKNOWN: 'The store does not recognise this purchase.',
  VIP_NOT_FOUND: 'We could not find this VIP pass.',
  VIP_ALREADY_ACTIVE: 'Your VIP pass is already active.',
  VIP_NOT_COMPLETED: 'The VIP purchase is not completed yet.',
  VIP_MISMATCH: 'This purchase does not belong to this VIP pass.',
  VIP_NOT_CANCELABLE: 'This VIP pass cannot be cancelled here.',
  INVITE_NOT_FOUND: 'This invite link is not valid. Please check the link you received.',
  INVITE_REWARD_NOT_FOUND: 'This invite was not found.',
  INVITE_REWARD_NOT_HELD: 'This invite reward is no longer on hold.',
  BOOKMARK_NOT_FOUND: 'This drama is not in your bookmarks.',
  INGEST_UPLOAD_INVALID: 'The upload details are missing or wrong.',
  INGEST_UPLOAD_NOT_FOUND: 'We could not find this upload.',
  INGEST_JOB_IN_PROGRESS: 'This episode is still being processed.',
  INGEST_NOT_RETRYABLE: 'Only a failed conversion can be retried.',
  INGEST_UPLOAD_CONFLICT: 'The upload got out of step. It will resume.',
  INGEST_NO_VIDEO: 'This episode has no video yet.',
  INGEST_UPLOAD_GONE: 'This upload has expired or was cancelled.',
  INGEST_UPLOAD_TOO_LARGE: 'This file is too large to upload.',
  INGEST_NOT_VIDEO: 'This file is not a video we can convert.',
  OPERATOR_SIGN_IN_FAILED: 'The email or password is wrong.',
  OPERATOR_TOTP_INVALID: 'The verification code is wrong.',
  OPERATOR_SESSION_INVALID: 'Please sign in again.',
  OPERATOR_ROLE_FORBIDDEN: 'Your role does not allow this.',
  OPERATOR_EMAIL_TAKEN: 'An operator with this email already exists.',
  OPERATOR_DISABLED: 'This account is disabled. Ask an admin of the console.',
  OPERATOR_PASSWORD_WRONG: 'Your current password is wrong.',
  OPERATOR_NOT_FOUND: 'We could not find this operator.',
  OPERATOR_LINK_INVALID: 'This link has expired or was already used. Ask an admin for a new one.',
  OPERATOR_SELF_CHANGE: 'You cannot change your own role or disable yourself.',
  OPERATOR_TOTP_STATE: 'Two-step sign-in changed meanwhile. Reload the page.',
  CATALOG_IMAGE_INVALID: 'Please choose a JPEG, PNG or WebP image.',
  CATALOG_SUBTITLE_INVALID: 'Please choose an SRT or WebVTT subtitle file.',
  CATALOG_CATEGORY_NOT_FOUND: 'We could not find this category.',
  CATALOG_PUBLISH_INCOMPLETE: 'This drama is not ready to publish yet.',
  CATALOG_EPISODE_CONFLICT: 'An episode with this number exists, or the number leaves a gap.',
  CATALOG_DRAMA_ARCHIVED: 'This drama is archived. Restore it first.',
  CATALOG_REORDER_REFUSED:
    'These episodes cannot be reordered: viewers already watch them, the drama is published, or a video is being processed.',
  CATALOG_SCHEDULE_INVALID: 'Choose a publication time in the future, at most a year from now.',
  AUTO_UNLOCK_OFF: 'Auto-unlock is turned off.',
  AUTO_UNLOCK_VIP_ACTIVE: 'Your VIP pass already opens this episode.',
  AUTO_UNLOCK_UNDO_EXPIRED: 'Undo is only possible for 10 seconds after unlocking.',
  AUTO_UNLOCK_UNDO_WATCHED: 'You watched more than 10% of the episode, so it stays unlocked.',
  AUTO_UNLOCK_NOT_FOUND: 'We could not find this auto-unlock.',
  INQUIRY_CLOSED: 'This inquiry is closed.',
  ORDER_NOT_REFUNDABLE: 'This order cannot be refunded.',
  ACCOUNT_SUSPENDED:
    'This account is suspended. Signing in and using coins are not possible for now.',
  SUSPENSION_NOT_ACTIVE: 'This viewer is not suspended.',
  CANNED_REPLY_NOT_FOUND: 'This saved reply no longer exists.',
  AGE_GATE_SIGN_IN: 'This drama is for viewers 19 and over. Please log in and verify your age.',
  AGE_GATE_VERIFY: 'This drama is for viewers 19 and over. Please verify your age to watch.',
  AGE_GATE_MINOR: 'This drama is for viewers 19 and over. It is not available at your age.',
  IDENTITY_CHECK_NOT_FOUND: 'We could not find this age verification. Please try again.',
  IDENTITY_CHECK_USED: 'This age verification was already used. Please verify again.',
  IDENTITY_CHECK_NOT_VERIFIED: 'Your age verification was not completed. Please try again.',
  IDENTITY_PROVIDER_UNAVAILABLE:
    'Age verification is not available right now. Please try again later.',
  PUSH_SUBSCRIPTION_NOT_FOUND:
    'Push reminders are not set up for this browser. Please turn them on again.',
  PUSH_UNAVAILABLE: 'Push reminders are not available right now.',
  FORYOU_IMPRESSION_NOT_FOUND: 'This feed item was not shown to you.',
  FORYOU_CURSOR_INVALID: 'The feed could not continue from here. Please reload it.',
  FORYOU_TRAILER_INVALID: 'Choose an episode of this drama, with a clip that ends after it starts.',
  FORYOU_TRAILER_NOT_FREE:
    'The feed plays its trailer to every viewer for free: choose a free episode of this drama.',
  ANALYTICS_RANGE_INVALID: 'Choose a start date on or before the end date.',
  ANALYTICS_RANGE_TOO_LONG: 'Choose a range of at most 366 days.',
  EXPERIMENT_NOT_FOUND: 'This experiment was not found.',
  EXPERIMENT_INVALID: 'The variants do not fit this drama or coin pack. Please check them.',
  EXPERIMENT_TARGET_BUSY: 'Another experiment is already running on this drama or coin pack.',
  EXPERIMENT_WRONG_STATE: 'This experiment cannot take that step in its current state.',
} as const satisfies Record<ErrorCodeName, string>;

/*
 * Validation: one template per kind of schema issue; {{field}} is the field's name from `field.*`
 * (in Korean with its topic particle, added by the server), {{limit}} the number in the rule.
 */
export const enValidation = {
  'validation.required': '{{field}} is required.',
  'validation.too_long': '{{field}} can be up to {{limit}} characters.',
  'validation.too_short': '{{field}} needs at least {{limit}} characters.',
  'validation.too_big': '{{field}} can be at most {{limit}}.',
  'validation.too_small': '{{field}} must be at least {{limit}}.',
  'validation.too_many': '{{field}} can have up to {{limit}} items.',
  'validation.too_few': '{{field}} needs at least {{limit}} items.',
  'validation.not_integer': '{{field}} must be a whole number.',
  'validation.invalid_value': '{{field}} is not one of the allowed values.',
  'validation.invalid_format': '{{field}} is not in the right format.',
  'validation.invalid': '{{field}} is not valid.',
  'validation.unknown_field': '{{field}} is not expected here.',
} as const;

/**
 * The names of the fields people fill in or that travel in addresses (wire names, the last step
 * of an issue's path). A field without a name here is called `field.input`.
 */
export const enFields = {
  'field.input': 'The input',
  'field.keyword': 'Search term',
  'field.count': 'The number of items',
  'field.page': 'The page number',
  'field.ncknm': 'Nickname',
  'field.nickname': 'Nickname',
  'field.cnts': 'Your inquiry',
  'field.dramId': 'The drama',
  'field.dramaId': 'The drama',
  'field.dramIds': 'The dramas',
  'field.epsd': 'The episode',
  'field.episodeNum': 'The episode',
  'field.categoryId': 'The category',
  'field.godsCode': 'The coin pack',
  'field.pymnGtwy': 'The payment method',
  'field.price': 'The price',
  'field.ordrId': 'The order number',
  'field.div': 'The history type',
  'field.startDate': 'The start date',
  'field.endDate': 'The end date',
  'field.lang': 'The language',
  'field.langCode': 'The language',
  'field.coin': 'Coins',
  'field.amount': 'The amount',
  'field.reason': 'The reason',
  'field.memo': 'The memo',
  'field.title': 'The title',
  'field.description': 'The description',
  'field.email': 'Email',
  'field.password': 'Password',
  'field.currentPassword': 'Current password',
  'field.newPassword': 'New password',
  'field.totp': 'The verification code',
  'field.recoveryCode': 'The recovery code',
  'field.displayName': 'Display name',
  'field.code': 'The code',
  'field.answer': 'The answer',
  'field.name': 'The name',
  'field.role': 'The role',
  'field.ageRate': 'The age rating',
  'field.authId': 'The account',
  'field.authMthd': 'The login method',
} as const;

export type ValidationMessageKey = keyof typeof enValidation;
export type FieldMessageKey = keyof typeof enFields;
export const FIELD_MESSAGE_KEYS = Object.keys(enFields) as FieldMessageKey[];

export type ServerMessages = Record<
  ErrorMessageKey | ValidationMessageKey | FieldMessageKey,
  string
>;

export const enServerMessages: ServerMessages = {
  ...byCode(enErrorTexts),
  ...enValidation,
  ...enFields,
};

/** What a drama can lack to publish; a refusal names each in the reader's language (issue 47). */
export const PUBLISH_PARTS = ['poster_vertical', 'poster_horizontal', 'episode'] as const;
export type PublishPart = (typeof PUBLISH_PARTS)[number];
const PUBLISH_NEEDS = 'Publishing needs: ';

/** The developer's wording of a publish refusal (logged), which also carries its parts. */
export const publishIncompleteMessage = (parts: readonly PublishPart[]): string =>
  `${PUBLISH_NEEDS}${parts.join(', ')}`;

/** The parts a publish refusal's developer wording names (none for any other wording). */
export function publishPartsOf(message: string): PublishPart[] {
  if (!message.startsWith(PUBLISH_NEEDS)) return [];
  return message
    .slice(PUBLISH_NEEDS.length)
    .split(', ')
    .filter((part): part is PublishPart => (PUBLISH_PARTS as readonly string[]).includes(part));
}
