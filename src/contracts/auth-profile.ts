/**
 * The profile edit dialog's wire shapes (spec section 2 screen 4, section 5 "Profile dialog: all
 * fields required; ID photos required as arrays"): `POST blade-user/update-profile` and the code
 * sender `POST blade-user/send-validate`. Shared by the server and the console.
 */

/** Spec sections 4 and 9: the verification-code button counts down 60 seconds. */
export const CODE_COUNTDOWN_SECONDS = 60;

/** An uploaded ID photo: the attachment the upload answered (jpg, jpeg or png). */
export interface IdPhoto {
  attachId: string;
  name: string;
  link: string;
}

export const ID_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

export interface ProfileEditBody {
  realName: string;
  name: string;
  nativePlace: string;
  /** yyyy-MM-dd (stored as yyyy-MM-dd HH:mm:ss). */
  birthday: string;
  idCardFront: IdPhoto[];
  idCardBack: IdPhoto[];
  phone: string;
  phoneCode: string;
  email: string;
  emailCode: string;
}

/** `type` of send-validate: a code to the phone (SMS) or to the e-mail address. */
export type CodeTarget = 'phone' | 'email';
