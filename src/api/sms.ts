import { api } from './api';

/**
 * blade-resource/sms beyond list/detail/submit/remove/enable: `endpoint/send-message` (spec
 * section 7: code, phones, params). The server sends through the setting whose resource code is
 * `code`, else the tenant's enabled one; the embedded driver records each message in its outbox.
 */
export interface SmsMessage {
  /** The setting's resource code (smsCode); absent = the tenant's enabled setting. */
  code?: string | undefined;
  /** Comma-joined mobile numbers. */
  phones: string;
  /** The template parameters as JSON text ('' = none). */
  params: string;
}

export const smsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST sms/endpoint/send-message; ours answers how many messages went out (BladeX: other data). */
    sendSmsMessage: build.mutation<{ count?: number } | null, SmsMessage>({
      query: ({ code, phones, params }) => ({
        url: 'blade-resource/sms/endpoint/send-message',
        method: 'POST',
        // A JSON body rather than the query string: phone numbers stay out of URLs and logs.
        body: { ...(code ? { code } : {}), phones, params },
        silent: true,
      }),
    }),
  }),
});

export const { useSendSmsMessageMutation } = smsApi;
