import { knownMessages } from '../server-messages';

/**
 * The client service's own refusals (issue 27), zh as the server answers them and en for the
 * console; registered when this module loads, like a contract's field messages.
 */
export const PREPAY_NOT_OPENED = {
  zh: '应用预存账户不存在',
  en: 'The app has no prepay account',
} as const;

knownMessages(PREPAY_NOT_OPENED);
