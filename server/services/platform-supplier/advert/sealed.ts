import { sealedPhone } from '../../../lib/sealed-phone.js';

/**
 * What the advert tables seal at rest (lib/sealed-phone.ts), one purpose each: the purpose is part
 * of the key, so these names never change for stored values.
 */
export const advertiserPhone = sealedPhone('advertiser-contact-phone');
/** Advertisers' secret settings (never answered: the mask instead). */
export const settingSecret = sealedPhone('advertiser-setting-secret');
export const masterPhone = sealedPhone('flow-master-contact-phone');
/** Flow masters' settlement accounts (answered masked only). */
export const masterAccount = sealedPhone('flow-master-settle-account');
