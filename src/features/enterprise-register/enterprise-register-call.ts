import { fetchCaptcha, fetchLoginSettings } from '../../api/auth-calls';
import { apiRequest } from '../../api/client';
import type { Captcha } from '../../contracts/auth';
import { enterpriseRegisterContract } from '../../contracts/platform-supplier/enterprise-register';

export interface ApplicationValues {
  tenantId: string;
  companyName: string;
  creditCode: string;
  contactName: string;
  contactPhone: string;
  email: string;
  supplyType: string;
  remark: string;
  captcha: string;
}

/** Whether the server wants a captcha (its CAPTCHA setting, told with the public key). */
export async function captchaMode(): Promise<boolean> {
  try {
    return (await fetchLoginSettings(3000)).captcha;
  } catch {
    // The spec's default when the server does not say: on.
    return true;
  }
}

export const newCaptcha = (): Promise<Captcha> => fetchCaptcha();

/**
 * POST enterprise-register/submit (public): the application as JSON, the tenant in the query,
 * the captcha (captcha mode) in the headers like /login's. Rejects with the client's ApiError.
 */
export async function submitApplication(
  values: ApplicationValues,
  tenantId: string,
  captcha: Captcha | undefined,
): Promise<void> {
  await apiRequest({
    url: `${enterpriseRegisterContract.service}/submit`,
    method: 'POST',
    params: { tenantId },
    body: {
      companyName: values.companyName.trim(),
      creditCode: values.creditCode.trim().toUpperCase(),
      contactName: values.contactName.trim(),
      contactPhone: values.contactPhone.trim(),
      email: values.email.trim(),
      supplyType: Number(values.supplyType),
      remark: values.remark.trim(),
    },
    ...(captcha
      ? { headers: { 'Captcha-Key': captcha.key, 'Captcha-Code': values.captcha.trim() } }
      : {}),
    auth: false,
    silent: true,
  });
}
