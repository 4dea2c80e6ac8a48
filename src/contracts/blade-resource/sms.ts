/** An SMS setting of the caller's tenant: blade-resource/sms (spec sections 4 and 7). */
export interface SmsSetting {
  id: string;
  category: number;
  categoryName: string;
  smsCode: string;
  templateId: string;
  accessKey: string;
  /** Always the mask ('******'): the server never answers the key; sent back it is kept. */
  secretKey: string;
  regionId: string | null;
  signName: string | null;
  remark: string | null;
  /** 1 off, 2 on: one setting per tenant is on. */
  status: number;
  createTime: string;
}
