import {
  enterpriseRegisterContract,
  type EnterpriseRegister,
} from '../../contracts/platform-supplier/enterprise-register';
import type { FieldSpec } from '../../contracts/resource-contract';
import type { ApplicationValues } from './enterprise-register-call';

/** The contract's check of one text field: its required, length and pattern messages. */
function check(spec: FieldSpec, value: string): FieldSpec['required'] | undefined {
  const v = value.trim();
  if (!v) return spec.required;
  if (spec.maxLength && v.length > spec.maxLength) return spec.pattern?.message ?? spec.required;
  if (spec.pattern && !spec.pattern.regex.test(v)) return spec.pattern.message;
  return undefined;
}

type Checked = keyof EnterpriseRegister &
  ('companyName' | 'creditCode' | 'contactName' | 'contactPhone' | 'email');
const CHECKED: readonly Checked[] = [
  'companyName',
  'creditCode',
  'contactName',
  'contactPhone',
  'email',
];

/**
 * The form's problems by field, with the contract's texts (the server answers the same zh
 * ones): each required text, the credit code's and phone's and e-mail's forms, the supply type.
 */
export function applicationProblems(
  values: ApplicationValues,
): Partial<Record<keyof ApplicationValues, { zh: string; en: string }>> {
  const fields = enterpriseRegisterContract.fields;
  const out: Partial<Record<keyof ApplicationValues, { zh: string; en: string }>> = {};
  for (const name of CHECKED) {
    const value = name === 'creditCode' ? values.creditCode.toUpperCase() : values[name];
    const problem = check(fields[name], value);
    if (problem) out[name] = problem;
  }
  if (!values.supplyType) out.supplyType = fields.supplyType.required;
  return out;
}
