import { CLIENT_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';

/**
 * An access party (接入方, domain.md "psclient"; issue 27 item 1): a business that orders the
 * platform's products through its apps. `${CLIENT_SERVICE}/psclient`, bound to the caller's
 * tenant. The contact phone is sealed at rest (server/lib/sealed-phone.ts) and answered masked
 * (138****0000) in the list, the picker and the sheet, whole in `get` (encrypted for the session,
 * `enc1:`, as a supplier's contact phone). `belongTenantId` names the tenant whose users act for
 * the party:
 * - `getByTenantId?tenantId=`: the caller's parties belonging to that tenant;
 * - `belong-client`: the parties the caller's own tenant belongs to, in whichever tenant keeps
 *   them (the platform's operator tenant usually does): id, code, names and the keeping tenant
 *   only, never the phone.
 */
export interface Psclient {
  id: string;
  tenantId: string;
  clientCode: string;
  clientName: string;
  shortName: string;
  contactName: string;
  /** Masked (138****0000) in the list, select and sheet; `enc1:` for the session in `get`. */
  contactPhone: string;
  belongTenantId: string;
  /** The belonging tenant's name ('' when none). */
  belongTenantName: string;
  enabled: number;
  remark: string;
  version: number;
  createTime: string;
}

/** A qualification (listFile) or agreement (listArgeementFile) file of a party. */
export interface PsclientFile {
  id: string;
  clientId: string;
  attachId: string;
  fileName: string;
  fileUrl: string;
  createTime: string;
}

/** A party as `getByTenantId` and `belong-client` answer it. */
export interface PsclientBrief {
  id: string;
  /** The tenant that keeps the party's record. */
  tenantId: string;
  clientCode: string;
  clientName: string;
  shortName: string;
  belongTenantId: string;
  enabled: number;
}

export const PSCLIENT_SERVICE = `${CLIENT_SERVICE}/psclient`;
export const PSCLIENT_FILE_SERVICE = `${CLIENT_SERVICE}/psclient-file`;

/** File kinds of blade_psclient_file and the spec's call that lists each. */
export const PSCLIENT_FILE_KINDS = { listFile: 1, listArgeementFile: 2 } as const;

/** Refusals beyond the fields' own checks (the server answers the zh). */
export const PSCLIENT_REFUSALS = {
  hasApps: {
    zh: '该接入方下还有接入应用，请先删除其应用',
    en: 'The access party still has apps: remove them first',
  },
  tenantMissing: { zh: '所属租户不存在', en: 'The tenant does not exist' },
  fileKind: { zh: '请选择文件类型', en: 'Please choose the kind of files' },
  attachMissing: { zh: '附件不存在', en: 'The attachment does not exist' },
  fileType: {
    zh: '文件类型不支持，请上传pdf、图片、Word或Excel文件',
    en: 'Unsupported file type: upload pdf, images, Word or Excel files',
  },
  fileSize: { zh: '文件不能超过10MB', en: 'A file may not exceed 10 MB' },
  tooManyFiles: { zh: '最多上传20个文件', en: 'At most 20 files' },
} as const;
knownMessages(...Object.values(PSCLIENT_REFUSALS));

export const psclientContract = defineContract<Psclient>()({
  service: PSCLIENT_SERVICE,
  route: '/access/archives',
  title: { zh: '接入方', en: 'Access party' },
  menu: 'client',
  buttons: ['add', 'edit', 'delete', 'view', 'export'],
  calls: { select: 'listAllClient', detail: 'get', remove: 'delete', export: 'export' },
  export: { excelType: 'psclient', fileName: '接入方档案' },
  fields: {
    clientCode: {
      label: { zh: '接入方编码', en: 'Code' },
      required: { zh: '请输入接入方编码', en: 'Please enter the code' },
      maxLength: 32,
      pattern: {
        regex: /^[A-Za-z0-9_-]+$/,
        message: {
          zh: '接入方编码只能包含字母、数字、下划线和短横线',
          en: 'The code takes letters, digits, _ and - only',
        },
      },
      unique: { zh: '接入方编码已存在', en: 'Another access party has this code' },
      filter: 'like',
      sortable: true,
      export: { width: 18 },
    },
    clientName: {
      label: { zh: '接入方名称', en: 'Name' },
      required: { zh: '请输入接入方名称', en: 'Please enter the name' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
      export: { width: 28 },
    },
    shortName: { label: { zh: '简称', en: 'Short name' }, maxLength: 50, export: { width: 16 } },
    contactName: { label: { zh: '联系人', en: 'Contact' }, maxLength: 50, export: { width: 12 } },
    // Plain digits on submit; sealed at rest, masked or encrypted in answers (never a filter).
    contactPhone: {
      label: { zh: '联系电话', en: 'Contact phone' },
      maxLength: 11,
      pattern: {
        regex: /^1\d{10}$/,
        message: { zh: '请输入正确的手机号', en: 'Please enter a valid mobile number' },
      },
      export: { width: 14 },
    },
    belongTenantId: {
      label: { zh: '所属租户', en: 'Tenant' },
      maxLength: 12,
      filter: 'equal',
    },
    belongTenantName: {
      label: { zh: '所属租户', en: 'Tenant' },
      readOnly: true,
      export: { width: 20 },
    },
    // Set in the form: the screen has no enable button, so no enable call (a toggle needs one).
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      kind: 'switch',
      emptyAs: 1,
      filter: 'equal',
      export: { width: 8 },
    },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 500, export: { width: 30 } },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
      export: { width: 20 },
    },
  },
});
