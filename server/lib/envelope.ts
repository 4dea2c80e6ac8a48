/** The BladeX envelope `{code, success, data, msg}`; success is true iff code is 200. */
export interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: 200, success: true, data, msg };
}

/** R.status(true): submit, remove and grant answers carry no data. */
export function okStatus(msg = '操作成功'): Envelope<Record<string, never>> {
  return { code: 200, success: true, data: {}, msg };
}

/**
 * A refusal. `data` is empty, or for a refusal of the input's fields `{fields: {field: zh
 * message}}` (every field refused; `msg` is the first as `<field>:<message>`).
 */
export function fail(
  code: number,
  msg: string,
  fields?: Readonly<Record<string, string>>,
): Envelope<Record<string, never> | { fields: Readonly<Record<string, string>> }> {
  return { code, success: false, data: fields ? { fields } : {}, msg };
}
