/**
 * Result codes. Success is 0; every error code has six digits whose first three are the HTTP
 * status it travels with (ARCHITECTURE.md "Responses").
 */
export const ResultCode = {
  OK: 0,
  BAD_REQUEST: 400001,
  INVALID_SESSION: 401001,
  REFRESH_TOKEN_INVALID: 401002,
  FORBIDDEN: 403001,
  /** a cookie-authenticated write (or logout) sent from another site */
  CROSS_SITE_REQUEST: 403006,
  MEDIA_SIGNATURE_INVALID: 403002,
  GUEST_NOT_FOUND: 403003,
  EPISODE_LOCKED: 403004,
  NOT_FOUND: 404001,
  DRAMA_NOT_FOUND: 404002,
  EPISODE_NOT_FOUND: 404003,
  LANGUAGE_NOT_FOUND: 404004,
  WATCH_LOG_NOT_FOUND: 404005,
  ALREADY_BOOKMARKED: 409001,
  REFRESH_TOKEN_REUSED: 409002,
  ALREADY_JOINED: 409003,
  /** a request body over the route's size limit */
  PAYLOAD_TOO_LARGE: 413001,
  /** a path or path parameter over the length limit */
  URI_TOO_LONG: 414001,
  /** a body that is not JSON (or not one of the types the route opted in to) */
  UNSUPPORTED_MEDIA_TYPE: 415001,
  ACCESS_TOKEN_EXPIRED: 419001,
  RATE_LIMITED: 429001,
  INTERNAL: 500001,
  UNAVAILABLE: 503001,
  // wallet: signed-in only; coin unlock and coin ledger refusals (409 05x)
  /** a guest tried something that needs a signed-in account; the client opens login */
  GUEST_NOT_ALLOWED: 403005,
  /** the valid balance is below the price; the client opens the payment popup */
  INSUFFICIENT_COINS: 409050,
  /** the episode is already playable (viewed or unlocked another way): nothing to buy */
  EPISODE_ALREADY_UNLOCKED: 409051,
  /** only the next locked episode (unlock number + 1) can be bought */
  EPISODE_NOT_NEXT: 409052,
  /** a free episode (coin 0) is never bought */
  EPISODE_FREE: 409053,
  /** an idempotency key was reused for a different grant or refund */
  IDEMPOTENCY_KEY_REUSED: 409054,
  /** bonus coins, expired or spent coins cannot be refunded */
  REFUND_NOT_ALLOWED: 409055,
  // accounts: social sign-in, consent, nickname, inquiry (x01x)
  /** nickname outside 2-10 Latin letters, Hangul syllables and digits */
  NICKNAME_INVALID: 400010,
  /** the new nickname equals the current one */
  NICKNAME_UNCHANGED: 400011,
  /** sign-up without age 14+, terms of service and privacy policy */
  CONSENT_REQUIRED: 400012,
  /** a customer inquiry shorter than 20 characters */
  INQUIRY_TOO_SHORT: 400013,
  /** the sign-in return address is not one of ours */
  REDIRECT_URI_NOT_ALLOWED: 400014,
  /** the provider's code or token could not be verified (state, nonce, signature, expiry...) */
  SOCIAL_AUTH_FAILED: 401010,
  /** a sign-in ticket that is forged, expired, already used or for another method */
  SIGN_IN_TICKET_INVALID: 401011,
  /** social login for an identity that has no account yet: the client shows the terms and joins */
  ACCOUNT_NOT_FOUND: 404010,
  /** the provider is not configured (and the sandbox is off) or did not answer */
  PROVIDER_UNAVAILABLE: 503010,
  // events: missions, attendance, rewarded ads, ad unlock (x06x)
  /** a mission report without what its type needs (logId, dramId and epsd) */
  MISSION_INPUT_REQUIRED: 400060,
  /** a guest called an event call (attendance, missions, ads): the client opens login */
  EVENT_GUEST_NOT_ALLOWED: 403060,
  /** the AdMob server-side verification callback's signature does not verify */
  AD_CALLBACK_SIGNATURE_INVALID: 403061,
  /** no such mission */
  MISSION_NOT_FOUND: 404060,
  /** no such ad view for this user (unknown, or another user's logId) */
  AD_VIEW_NOT_FOUND: 404061,
  /** no such watch log for this user */
  MISSION_WATCH_LOG_NOT_FOUND: 404062,
  /** already checked in today (service day) */
  ALREADY_ATTENDED: 409060,
  /** the day number sent is not the one the server would record: refetch and retry */
  ATTENDANCE_DAY_MISMATCH: 409061,
  /** the mission is completed for this period already */
  MISSION_COMPLETED: 409062,
  /** the report does not count yet (the watch log has not reached 90 % of the episode) */
  MISSION_NOT_COMPLETE: 409063,
  /** this ad view was redeemed already */
  AD_VIEW_USED: 409064,
  /** the ad has not run its minimum duration yet */
  AD_VIEW_TOO_EARLY: 409065,
  /** the ad view is too old to redeem */
  AD_VIEW_EXPIRED: 409066,
  /** the ad view was opened for the other type (unlock vs mission) */
  AD_VIEW_WRONG_TYPE: 409067,
  /** a native ad view the ad network has not confirmed */
  AD_VIEW_NOT_VERIFIED: 409068,
  /** this watch log or this episode's share was counted already (today) */
  MISSION_ALREADY_REPORTED: 409069,
  /** the 180 s ad-unlock cooldown is running */
  AD_UNLOCK_COOLDOWN: 429060,
  /** the daily cap of ad unlocks is reached */
  AD_UNLOCK_CAP_REACHED: 429061,
  /** too many ad views opened: slow down */
  AD_RATE_LIMITED: 429062,
  // payments: goods, orders, gateway confirmations, provider callbacks (x07x)
  /** no coin pack with this gods_code (or it is not for sale) */
  PAYMENT_GOODS_NOT_FOUND: 404070,
  /** no such order for this user (unknown, or another user's) */
  PAYMENT_ORDER_NOT_FOUND: 404071,
  /** the Stripe Checkout Session is unknown or not this order's (payment.msg_stripe_session_not_found) */
  STRIPE_SESSION_NOT_FOUND: 404072,
  /** the price sent is not the server's price of this pack for this gateway; reload the goods */
  PAYMENT_PRICE_MISMATCH: 409070,
  /** the pack has no price for this gateway (price 0: purchase not available) */
  PAYMENT_NOT_AVAILABLE: 409071,
  /** the confirmation came through another gateway than the order's */
  PAYMENT_GATEWAY_MISMATCH: 409072,
  /** the amount paid or confirmed differs from the order's amount */
  PAYMENT_AMOUNT_MISMATCH: 409073,
  /** the approved PayPal order is not the one created for this order (payment.msg_paypal_order_id_not_match) */
  PAYPAL_ORDER_ID_MISMATCH: 409074,
  /** the provider refused the payment; the message is "<PROVIDER_CODE>: <provider message>" */
  PAYMENT_DECLINED: 409075,
  /** the provider has not completed the payment (session open, order not approved) */
  PAYMENT_NOT_COMPLETED: 409076,
  /** the order is failed, canceled or refunded: start a new one */
  PAYMENT_ORDER_CLOSED: 409077,
  /** this provider transaction (purchase token, transaction id, capture) already paid another order */
  PAYMENT_ALREADY_USED: 409078,
  /** the store receipt did not verify (signature, bundle/package, product, environment) */
  IAP_VERIFICATION_FAILED: 400070,
  /** a provider callback whose signature did not verify */
  WEBHOOK_SIGNATURE_INVALID: 400071,
  /** the gateway is off (no keys and no stand-in) or the provider did not answer */
  PAYMENT_PROVIDER_UNAVAILABLE: 503070,
  /** the store could not be asked about the purchase before crediting (network, 5xx, timeout); nothing was credited */
  IAP_STATUS_UNAVAILABLE: 503071,
  /** the store does not know this transaction (Apple: TransactionIdNotFound) */
  IAP_TRANSACTION_UNKNOWN: 400072,
  // VIP pass (x09x)
  /** no such pass of this user (unknown vipId, or another user's) */
  VIP_NOT_FOUND: 404090,
  /** the caller already holds an active pass: it renews by itself */
  VIP_ALREADY_ACTIVE: 409090,
  /** the provider has not completed the subscription (checkout open, not approved) */
  VIP_NOT_COMPLETED: 409091,
  /** the checkout, subscription or store purchase is not this pass's */
  VIP_MISMATCH: 409092,
  /** this pass cannot be cancelled here (store passes are managed in the store; ended passes) */
  VIP_NOT_CANCELABLE: 409093,
  // bookmarks (x08x); 409001 ALREADY_BOOKMARKED above
  /** DELETE /drama/bookmark named a drama the caller has not bookmarked (or that does not exist) */
  BOOKMARK_NOT_FOUND: 404080,
  // operator console, ingest pipeline: upload, probe, transcode (x15x)
  /** the tus upload's metadata is missing or wrong (dramaId, epsd, filename) */
  INGEST_UPLOAD_INVALID: 400150,
  /** no such upload (unknown id, or finished and cleaned up) */
  INGEST_UPLOAD_NOT_FOUND: 404150,
  /** the episode has a transcode queued or running: wait for it (or its failure) first */
  INGEST_JOB_IN_PROGRESS: 409150,
  /** only a failed transcode can be retried */
  INGEST_NOT_RETRYABLE: 409151,
  /** a tus piece sent at another offset than the server's (the client asks HEAD and resumes) */
  INGEST_UPLOAD_CONFLICT: 409152,
  /** a preview of an episode that has no video yet (decision 1543) */
  INGEST_NO_VIDEO: 409153,
  /** the upload expired or was cancelled */
  INGEST_UPLOAD_GONE: 410150,
  /** the announced upload is larger than INGEST_MAX_UPLOAD_BYTES */
  INGEST_UPLOAD_TOO_LARGE: 413150,
  /** the uploaded file is not a video we can transcode (the message says why) */
  INGEST_NOT_VIDEO: 415150,
  // operator console: operators, sessions, roles, audit log (x12x)
  /** email or password wrong, or the operator is disabled (one answer for all: no account probing) */
  OPERATOR_SIGN_IN_FAILED: 401120,
  /** the operator has TOTP on and the code is missing, wrong or already used */
  OPERATOR_TOTP_INVALID: 401121,
  /** no valid operator session (missing, forged, expired, signed out, or a viewer's token) */
  OPERATOR_SESSION_INVALID: 401122,
  /** the operator's role may not do this */
  OPERATOR_ROLE_FORBIDDEN: 403120,
  /** an operator with this email exists already */
  OPERATOR_EMAIL_TAKEN: 409120,
  /** the right password of a disabled operator: told so only after the password matched */
  OPERATOR_DISABLED: 403121,
  /** the operator's current password, asked again to change it or turn TOTP off, is wrong */
  OPERATOR_PASSWORD_WRONG: 400120,
  /** no operator of that id */
  OPERATOR_NOT_FOUND: 404120,
  /** an invite or password-reset link that is unknown, used, replaced or expired (one answer) */
  OPERATOR_LINK_INVALID: 410120,
  /** an admin changing their own role or disabling themselves (someone must stay admin) */
  OPERATOR_SELF_CHANGE: 409121,
  /** TOTP set-up asked while TOTP is on, confirmed without a set-up, or turned off while off */
  OPERATOR_TOTP_STATE: 409122,
  // console catalog: dramas, episodes, posters, subtitles (x12x, 1205-1209)
  /** a poster that is not a JPEG, PNG or WebP image (or one ffmpeg cannot read) */
  CATALOG_IMAGE_INVALID: 400125,
  /** a subtitle file that is not SRT or WebVTT; the message says what is wrong */
  CATALOG_SUBTITLE_INVALID: 400126,
  /** a category id that does not exist */
  CATALOG_CATEGORY_NOT_FOUND: 404125,
  /** publishing a drama that lacks what viewers need (the message lists it: posters...) */
  CATALOG_PUBLISH_INCOMPLETE: 409125,
  /** an episode of that number exists already, or the number leaves a gap */
  CATALOG_EPISODE_CONFLICT: 409126,
  /** publishing, scheduling or editing episodes of an archived drama: restore it first (decision 1540) */
  CATALOG_DRAMA_ARCHIVED: 409127,
  /** reordering episodes viewers already hold, of a published drama, or with a transcode in flight (decision 1542) */
  CATALOG_REORDER_REFUSED: 409128,
  /** a scheduled publication time in the past or more than a year ahead */
  CATALOG_SCHEDULE_INVALID: 400127,
  // auto-unlock and its undo (x14x, issue 16)
  /** POST /drama/episode/unlock/auto while the viewer's auto-unlock setting is off */
  AUTO_UNLOCK_OFF: 409140,
  /** auto-unlock reached an episode while the viewer's VIP pass is active: the pass opens it, no coins */
  AUTO_UNLOCK_VIP_ACTIVE: 409143,
  /** the undo came more than 10 s after the auto-unlock (server clock) */
  AUTO_UNLOCK_UNDO_EXPIRED: 409141,
  /** the undo came after playback passed 10 % of the episode */
  AUTO_UNLOCK_UNDO_WATCHED: 409142,
  /** no such auto-unlock for this viewer */
  AUTO_UNLOCK_NOT_FOUND: 404140,
  // operations: support inbox, viewers and money in the operator console (x13x)
  /** the inquiry is closed: it is not answered or closed again */
  INQUIRY_CLOSED: 409130,
  /** the order cannot be refunded (not paid, already refunded, or its gateway has no refund API) */
  ORDER_NOT_REFUNDABLE: 409131,
  /**
   * the viewer's account is suspended by an operator: no sign-in, no session, no coins earned or
   * spent (decision 1560)
   */
  ACCOUNT_SUSPENDED: 403130,
  /** lifting a suspension of a viewer who is not suspended */
  SUSPENSION_NOT_ACTIVE: 409132,
  /** no canned reply of that id */
  CANNED_REPLY_NOT_FOUND: 404130,
  // the HTTP edge (issue 39): refusals of Node's HTTP parser, AdMob keys unreachable
  /** the request did not arrive in time (Node's request timeout) */
  REQUEST_TIMEOUT: 408001,
  /** the request's headers are over Node's limit (16 KB) */
  REQUEST_HEADERS_TOO_LARGE: 431001,
  /** AdMob's verifier keys could not be fetched: the callback cannot be verified, so it is refused */
  AD_CALLBACK_KEYS_UNAVAILABLE: 403062,
  /** a tus request without Tus-Resumable 1.0.0 (the Tus-Version header lists what we speak) */
  INGEST_TUS_VERSION_UNSUPPORTED: 412150,
  // the age gate and identity checks (x16x, issue 40 item 4; decision 1490)
  /** an episode of an 18/19-rated drama asked by a guest: sign in, then verify the age */
  AGE_GATE_SIGN_IN: 403160,
  /** an episode of an 18/19-rated drama asked by a member without an identity check: verify first */
  AGE_GATE_VERIFY: 403161,
  /** an episode of an 18/19-rated drama asked by a member whose identity check says under 19 */
  AGE_GATE_MINOR: 403162,
  /** no identity check of this member by that id (unknown, never started here, or another member's) */
  IDENTITY_CHECK_NOT_FOUND: 404160,
  /** this identity check was completed already: a verification id counts once */
  IDENTITY_CHECK_USED: 409160,
  /** the provider has not verified this identity check (not finished, failed or cancelled) */
  IDENTITY_CHECK_NOT_VERIFIED: 409161,
  /** identity checks are off (no keys, no stand-in) or the provider did not answer */
  IDENTITY_PROVIDER_UNAVAILABLE: 503160,
  // invites (x17x, issue 42 item 2; decision 1510)
  /** no member has this invite code */
  INVITE_NOT_FOUND: 404170,
  /** no invite of that id */
  INVITE_REWARD_NOT_FOUND: 404171,
  /** only a held invite reward can be released or rejected */
  INVITE_REWARD_NOT_HELD: 409170,
  // push reminders (x18x, issue 42 item 3; decision 1520)
  /** no push subscription with this endpoint, token or unsubscribe token */
  PUSH_SUBSCRIPTION_NOT_FOUND: 404180,
  /** push is off on this server (no VAPID keys in production) */
  PUSH_UNAVAILABLE: 503180,
  // the For You feed (x19x, issue 45; decision 1620)
  /** no impression of that id was served to the caller */
  FORYOU_IMPRESSION_NOT_FOUND: 404190,
  /** the feed's cursor is not one this server gave */
  FORYOU_CURSOR_INVALID: 400190,
  /** the trailer an operator chose is not an episode of the drama, or its clip ends before it starts */
  FORYOU_TRAILER_INVALID: 400191,
  /** the trailer an operator chose is a paid episode: the feed plays it to every viewer for free */
  FORYOU_TRAILER_NOT_FREE: 400192,
  // analytics (x20x, issue 43; decisions 1600-1606)
  /** an analytics range whose first day is after its last, or only one of from/to */
  ANALYTICS_RANGE_INVALID: 400200,
  /** an analytics range longer than ANALYTICS_MAX_RANGE_DAYS */
  ANALYTICS_RANGE_TOO_LONG: 400201,
  // experiments (x21x, issue 43 item 5; decisions 1610-1613)
  /** no experiment of that id */
  EXPERIMENT_NOT_FOUND: 404210,
  /** the experiment does not fit its target: an episode the drama lacks, no paywall, a pack not on sale, variants and split of different lengths */
  EXPERIMENT_INVALID: 400210,
  /** another experiment is running on the same drama or coin pack */
  EXPERIMENT_TARGET_BUSY: 409210,
  /** the experiment's state does not allow this step (start a draft, stop a running one, ship a stopped one) */
  EXPERIMENT_WRONG_STATE: 409211,
} as const;

export type ResultCodeName = keyof typeof ResultCode;
export type ErrorCode = Exclude<(typeof ResultCode)[ResultCodeName], 0>;

/** The HTTP status an error code travels with: its first three digits. */
export function httpStatusOf(code: number): number {
  if (code === 0) return 200;
  return Math.floor(code / 1000);
}

/** The spec's "default code 000000". */
export const DEFAULT_CODE = '000000';
/** The spec's all-zero id constant. */
export const ZERO_ID = '00000000-0000-0000-0000-000000000000';
