export type { MessageKey, Messages } from './messages/en';
export { en as enMessages } from './messages/en';
export { DICTIONARY_FAIL_TEXTS } from './messages/en-fixed';
export { ko as koMessages } from './messages/ko';
export { ja as jaMessages } from './messages/ja';
export {
  errorMessageKey,
  FIELD_MESSAGE_KEYS,
  PUBLISH_PARTS,
  publishIncompleteMessage,
  publishPartsOf,
  type PublishPart,
  type ErrorCodeName,
  type ErrorMessageKey,
  type FieldMessageKey,
  type ValidationMessageKey,
} from './messages/errors';
