import type { Generated } from 'kysely';

/**
 * Kysely table types. Column names are camelCase here and snake_case in the database
 * (CamelCasePlugin). Ids are text (snowflakes do not fit a JS number), dates are text in the
 * wire format 'yyyy-MM-dd HH:mm:ss', auth timestamps are epoch seconds.
 */
export interface AuditColumns {
  createUser: string | null;
  createDept: string | null;
  createTime: string | null;
  updateUser: string | null;
  updateTime: string | null;
  status: number;
  isDeleted: number;
}

export interface TenantTable extends AuditColumns {
  id: string;
  tenantId: string;
  tenantName: string;
  domain: string | null;
  backgroundUrl: string | null;
  linkman: string | null;
  contactNumber: string | null;
  address: string | null;
  /** -1 = unlimited accounts. */
  accountNumber: number;
  expireTime: string | null;
  packageId: string | null;
  datasourceId: string | null;
  /** Optimistic lock (migration 019): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

export interface TenantPackageTable extends AuditColumns {
  id: string;
  packageName: string;
  menuId: string;
  remark: string | null;
  /** Optimistic lock (migration 013): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

export interface ClientTable extends AuditColumns {
  id: string;
  clientId: string;
  /** scrypt hash of the client secret. */
  clientSecret: string;
  scope: string;
  authorizedGrantTypes: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
  webServerRedirectUri: string | null;
  additionalInformation: string | null;
  /** Optimistic lock (migration 013): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

export interface UserTable extends AuditColumns {
  id: string;
  tenantId: string;
  code: string | null;
  userType: number;
  account: string;
  password: string;
  name: string | null;
  realName: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  sex: number | null;
  roleId: string;
  deptId: string;
  postId: string;
  /** Free-form JSON text edited through blade-user/update-platform. */
  userExt: string | null;
  mustChangePassword: number;
  /** Epoch seconds after which a reset's one-time password no longer logs in; null: never. */
  passwordExpiresAt: Generated<number | null>;
  /** Native place (profile dialog, migration 020). */
  nativePlace: Generated<string | null>;
  /** ID card photos: JSON arrays of `{attachId, name, link}` (migration 020). */
  idCardFront: Generated<string | null>;
  idCardBack: Generated<string | null>;
  version: number;
}

export interface RoleTable {
  id: string;
  tenantId: string;
  parentId: string;
  roleName: string;
  sort: number;
  roleAlias: string;
  isDeleted: number;
  version: number;
}

export interface RoleMenuTable {
  id: string;
  menuId: string;
  roleId: string;
}

export interface RoleScopeTable {
  id: string;
  /** 1 data scope, 2 API scope. */
  scopeCategory: number;
  scopeId: string;
  roleId: string;
}

export interface MenuTable {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  /** 1 menu, 2 button. */
  category: number;
  /** 0 none, 1 toolbar, 2 row, 3 both. */
  action: number;
  /** 1 same window, 2 new window. */
  isOpen: number;
  remark: string | null;
  isDeleted: number;
  /** Optimistic lock (migration 019): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

export interface TopMenuTable extends AuditColumns {
  id: string;
  tenantId: string;
  code: string;
  name: string;
  nameEn: string;
  source: string;
  path: string | null;
  sort: number;
  /** Optimistic lock (migration 019): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

export interface TopMenuSettingTable {
  id: string;
  topMenuId: string;
  menuId: string;
}

export interface DeptTable {
  id: string;
  tenantId: string;
  parentId: string;
  ancestors: string;
  deptCategory: number;
  deptName: string;
  fullName: string | null;
  sort: number;
  remark: string | null;
  isDeleted: number;
  version: number;
}

export interface PostTable extends AuditColumns {
  id: string;
  tenantId: string;
  category: number;
  postCode: string;
  postName: string;
  sort: number;
  remark: string | null;
  /** Optimistic lock (migration 013): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

export interface DictTable {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string | null;
  isSealed: number;
  isDeleted: number;
  version: number;
}

export interface DictBizTable extends DictTable {
  tenantId: string;
}

export interface ParamTable extends AuditColumns {
  id: string;
  tenantId: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string | null;
  version: number;
}

export interface ScopeDataTable extends AuditColumns {
  id: string;
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopeField: string;
  scopeClass: string;
  scopeColumn: string;
  scopeType: number;
  scopeValue: string | null;
  remark: string | null;
  /** Optimistic lock (migration 013): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

export interface ScopeApiTable extends AuditColumns {
  id: string;
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopePath: string;
  scopeType: number;
  remark: string | null;
  /** Optimistic lock (migration 013): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

/** One login: the refresh-token family. Revoking it ends every token minted from it. */
export interface AuthSessionTable {
  id: string;
  userId: string;
  tenantId: string;
  clientId: string;
  roleId: string;
  deptId: string;
  /** jti of the only refresh token of this session that may still be used. */
  refreshJti: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  revokeReason: string | null;
  /** The sign-in or the last refresh (epoch seconds); the idle limit counts from it. */
  lastUsedAt: number;
  /** The refresh jti the last rotation spent, and when: its grace window (tokens.ts). */
  prevRefreshJti: string | null;
  rotatedAt: number | null;
}

export interface LoginFailureTable {
  tenantId: string;
  account: string;
  failures: number;
  lockedUntil: number;
  updatedAt: number;
}

export interface CaptchaTable {
  captchaKey: string;
  code: string;
  expiresAt: number;
}

/** A stamped login ciphertext already presented (migration 018): its SHA-256, until its expiry. */
export interface SpentCiphertextTable {
  digest: string;
  expiresAt: number;
}

/** Console debug-log entries uploaded with POST /blade-auth/oauth/logout. */
export interface ClientLogTable {
  id: string;
  tenantId: string;
  userId: string;
  type: string;
  url: string;
  message: string;
  stack: string;
  info: string;
  time: string;
  createTime: string;
}

/** An export centre task; `status` is the text the console shows (EXPORT_STATUS). */
export interface DataExportTable {
  id: string;
  tenantId: string;
  userId: string;
  excelType: string;
  sourceFileName: string;
  status: string;
  /** Path of the finished file below DATA_DIR/exports. */
  filePath: string | null;
  errorMessage: string | null;
  createTime: string;
  expireTime: string;
  isDeleted: number;
  /** Service and excelType name the exporter (`POST {service}/excel/export/async`). */
  service: string | null;
  /** JSON of the list parameters (filters, sorts) the worker applies. */
  query: string | null;
  /** JSON of the caller (lib/export: ExportCaller) the worker reads as. */
  caller: string | null;
  /** 0..100 (default 0). */
  progress: Generated<number>;
  rowCount: Generated<number>;
  totalRows: number | null;
  fileSize: number | null;
  /** The worker holding the job and until when (epoch seconds); expired = the worker died. */
  leaseOwner: string | null;
  leaseExpires: number | null;
  startTime: string | null;
  finishTime: string | null;
}

/** A one-time download ticket of a finished export (id = sha-256 of the ticket, hex). */
export interface ExportTicketTable {
  id: string;
  taskId: string;
  tenantId: string;
  userId: string;
  /** Epoch seconds. */
  expiresAt: number;
  usedAt: number | null;
}

export interface DB {
  bladeTenant: TenantTable;
  bladeTenantPackage: TenantPackageTable;
  bladeClient: ClientTable;
  bladeUser: UserTable;
  bladeRole: RoleTable;
  bladeRoleMenu: RoleMenuTable;
  bladeRoleScope: RoleScopeTable;
  bladeMenu: MenuTable;
  bladeTopMenu: TopMenuTable;
  bladeTopMenuSetting: TopMenuSettingTable;
  bladeDept: DeptTable;
  bladePost: PostTable;
  bladeDict: DictTable;
  bladeDictBiz: DictBizTable;
  bladeParam: ParamTable;
  bladeScopeData: ScopeDataTable;
  bladeScopeApi: ScopeApiTable;
  authSession: AuthSessionTable;
  authLoginFailure: LoginFailureTable;
  authCaptcha: CaptchaTable;
  authSpentCiphertext: SpentCiphertextTable;
  bladeClientLog: ClientLogTable;
  bladeDataExport: DataExportTable;
  bladeExportTicket: ExportTicketTable;
  bladeTableSet: TableSetTable;
  bladeImport: ImportTable;
  bladeAttach: AttachTable;
  bladePicFolder: PicFolderTable;
  bladePic: PicTable;
  bladeVideo: VideoTable;
  bladeNotice: NoticeTable;
  bladeRegion: RegionTable;
  bladeSms: SmsTable;
  bladeSmsOutbox: SmsOutboxTable;
  bladeOss: OssTable;
  bladeLogApi: LogApiTable;
  bladeLogError: LogErrorTable;
  bladeLogUsual: LogUsualTable;
  bladePersonalise: PersonaliseTable;
  bladePlatformSetting: PlatformSettingTable;
  bladeDatasource: DatasourceTable;
  bladeCode: CodeTable;
  bladeIdempotency: IdempotencyTable;
  authVerifyCode: VerifyCodeTable;
  authVerifyThrottle: VerifyThrottleTable;
  bladeEmailOutbox: EmailOutboxTable;
  bladeUserOauth: UserOauthTable;
  bladeSup: SupTable;
  bladeSupFile: SupFileTable;
  bladeSupBelong: SupBelongTable;
  bladeSupEnterpriseRegister: SupEnterpriseRegisterTable;
  bladeSupGood: SupGoodTable;
  bladeSupGoodSign: SupGoodSignTable;
  bladeSupStore: SupStoreTable;
  bladeSupStoreGroup: SupStoreGroupTable;
  bladeParkLot: ParkLotTable;
  // Parking bills (migration 046)
  bladeParkBill: ParkBillTable;
  bladeParkBillRefund: ParkBillRefundTable;
  bladeParkPayFlow: ParkPayFlowTable;
  // Parking master data (migration 047)
  bladeParkCar: ParkCarTable;
  bladeParkCarSubscribe: ParkCarSubscribeTable;
  bladeParkPaySetting: ParkPaySettingTable;
  bladeParkInvoiceSetting: ParkInvoiceSettingTable;
  bladePsclient: PsclientTable;
  bladePsclientApp: PsclientAppTable;
  bladePsclientFile: PsclientFileTable;
  bladePsclientAppProduct: PsclientAppProductTable;
  bladePsclientAppPrepay: PsclientAppPrepayTable;
  bladePrepayRecord: PrepayRecordTable;
  bladePsclientProduct: PsclientProductTable;
  bladeProductGoodMap: ProductGoodMapTable;
  bladeForbiddenSaleDay: ForbiddenSaleDayTable;
  bladeClientProductOrder: ClientProductOrderTable;
  bladeClientReturnOrder: ClientReturnOrderTable;
  bladePlaceOrderFail: PlaceOrderFailTable;
  bladePricePlan: PricePlanTable;
  bladeOpenApiNonce: OpenApiNonceTable;
  bladeRateWindow: RateWindowTable;
  bladeCacheVersion: CacheVersionTable;
  bladeDataVersion: DataVersionTable;
  bladeCallbackOutbox: CallbackOutboxTable;
  bladeCallbackAttempt: CallbackAttemptTable;
  bladePrepayRecordView: PrepayRecordViewTable;
  bladeClientProductWarning: ClientProductWarningTable;
  bladeClientContent: ClientContentTable;
  bladeClientDraft: ClientDraftTable;
  bladeClientDraftThumbnail: ClientDraftThumbnailTable;
  bladeClientOrderImportBatch: ClientOrderImportBatchTable;
  bladeClientAppStock: ClientAppStockTable;
  bladeClientAppStockRecord: ClientAppStockRecordTable;
  bladeClientAppStockRecordView: ClientAppStockRecordViewTable;
  bladeSupStoreGroupRel: SupStoreGroupRelTable;
  bladeSupStoreRepeat: SupStoreRepeatTable;
  authSocialTicket: SocialTicketTable;
  bladeSupBatchCouponCode: SupBatchCouponCodeTable;
  bladeSupCouponCode: SupCouponCodeTable;
  bladeSupCouponCodeRecovery: SupCouponCodeRecoveryTable;
  bladeSupCouponCodeExchange: SupCouponCodeExchangeTable;
  bladeSupOrder: SupOrderTable;
  bladeSupOrderCode: SupOrderCodeTable;
  bladeSupReturnOrder: SupReturnOrderTable;
  bladeSupErrorOrder: SupErrorOrderTable;
  bladeSupBalanceTotal: SupBalanceTotalTable;
  bladeSupGoodBalanceTotal: SupGoodBalanceTotalTable;
  bladeSupBalanceRecord: SupBalanceRecordTable;
  bladeSupGoodBalanceRecord: SupGoodBalanceRecordTable;
  bladeSupBatchTask: SupBatchTaskTable;
  bladeSupWarningSetting: SupWarningSettingTable;
  bladeSupOrderReportRemark: SupOrderReportRemarkTable;
  bladeSupFileTicket: SupFileTicketTable;
  // Issue 28 items 4-6 (migration 049): pay orders, provider settings, report definitions.
  bladePayOrder: PayOrderTable;
  bladePayRefund: PayRefundTable;
  bladeWechatPaySetting: WechatPaySettingTable;
  bladeDingxinSetting: DingxinSettingTable;
  bladeReportDef: ReportDefTable;
  // Issue 28 item 2 (migration 048): advertising.
  bladeAdMaterial: AdMaterialTable;
  bladeAdPosition: AdPositionTable;
  bladeAdvertiser: AdvertiserTable;
  bladeAdvertiserSetting: AdvertiserSettingTable;
  bladeAdPlan: AdPlanTable;
  bladeFlowMaster: FlowMasterTable;
  bladeAdProfitFlow: AdProfitFlowTable;
  bladeAdBusiness: AdBusinessTable;
  // Issue 28 item 3 (migration 050): delivery events and their roll-ups.
  bladeAdEvent: AdEventTable;
  bladeAdRollupMinute: AdRollupTable;
  bladeAdRollupDay: AdRollupTable;
  // Issue 29 (migration 052): workflow.
  bladeFlowModel: FlowModelTable;
  bladeFlowDeployment: FlowDeploymentTable;
  bladeFlowDefinition: FlowDefinitionTable;
  bladeFlowInstance: FlowInstanceTable;
  bladeFlowTask: FlowTaskTable;
  bladeFlowTaskCandidate: FlowTaskCandidateTable;
  bladeFlowHistory: FlowHistoryTable;
  bladeFlowTimer: FlowTimerTable;
  bladeProcessLeave: ProcessLeaveTable;
}

/** A one-time code sent by SMS or e-mail (migration 020); only its HMAC is stored. */
export interface VerifyCodeTable {
  id: string;
  tenantId: string;
  /** 'sms' or 'email'. */
  channel: string;
  /** The phone or e-mail address it was sent to. */
  target: string;
  /** 'login' (verify_phone, binding) or 'profile' (the profile dialog). */
  purpose: string;
  /** For 'profile': the user who asked; the code is theirs only. */
  userId: string | null;
  codeHash: string;
  attempts: Generated<number>;
  /** Epoch seconds. */
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

/** Codes sent per phone, e-mail address or client address (migration 020). */
export interface VerifyThrottleTable {
  /** 'sms', 'email' or 'ip'. */
  scope: string;
  target: string;
  lastSentAt: number;
  windowStart: number;
  windowCount: number;
}

/** A message the embedded e-mail driver "sent" (migration 020). */
export interface EmailOutboxTable {
  id: string;
  tenantId: string;
  email: string;
  subject: string;
  content: string;
  createUser: string | null;
  createTime: string;
}

/** A third-party account bound to a user (migration 021). */
export interface UserOauthTable {
  id: string;
  tenantId: string;
  userId: string;
  source: string;
  openId: string;
  unionId: string | null;
  nickname: string | null;
  avatar: string | null;
  createTime: string;
}

/** One-time social tickets, by SHA-256 (migration 021): 'state' or 'bind'. */
export interface SocialTicketTable {
  ticketHash: string;
  kind: string;
  tenantId: string;
  source: string;
  openId: string | null;
  unionId: string | null;
  nickname: string | null;
  avatar: string | null;
  expiresAt: number;
}

/** One user's layout of one table (blade-system/table-set). */
export interface TableSetTable {
  id: string;
  tenantId: string;
  userId: string;
  tableKey: string;
  /** JSON of the contract's TableSettings, validated before it is written. */
  settings: string;
  updateTime: string;
}

/** A notice of a tenant (blade-desk/notice, contract.md 4.11). category: dict `notice`. */
export interface NoticeTable extends AuditColumns {
  id: string;
  tenantId: string;
  title: string;
  category: number;
  releaseTime: string | null;
  content: string | null;
  /** Optimistic lock (migration 013): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

/** A region (contract.md 4.10), keyed by its code; global, deleted physically. */
export interface RegionTable {
  code: string;
  /** '0' for the root (00 中华人民共和国). */
  parentCode: string;
  /** Comma path of the ancestors' codes from '0'. */
  ancestors: string;
  name: string;
  provinceCode: string | null;
  provinceName: string | null;
  cityCode: string | null;
  cityName: string | null;
  districtCode: string | null;
  districtName: string | null;
  townCode: string | null;
  townName: string | null;
  villageCode: string | null;
  villageName: string | null;
  /** Dict `region`: 0 country, 1 province, 2 city, 3 district, 4 town, 5 village. */
  level: number;
  sort: number;
  remark: string | null;
  /** Optimistic lock (migration 019): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

/** SMS settings of a tenant (blade-resource/sms). status: 1 off, 2 on (one per tenant). */
export interface SmsTable extends AuditColumns {
  id: string;
  tenantId: string;
  category: number;
  smsCode: string;
  templateId: string;
  accessKey: string | null;
  /** Never answered in plain text (masked). */
  secretKey: string | null;
  regionId: string | null;
  signName: string | null;
  remark: string | null;
  /** Optimistic lock (migration 013): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

/** A message the embedded SMS driver "sent": one row per recipient. */
export interface SmsOutboxTable {
  id: string;
  tenantId: string;
  smsId: string;
  smsCode: string;
  category: number;
  templateId: string;
  signName: string | null;
  phone: string;
  /** The template parameters as JSON text. */
  params: string;
  createUser: string | null;
  createTime: string;
}

/** Object-storage settings of a tenant (blade-resource/oss). status: 1 off, 2 on (one per tenant). */
export interface OssTable extends AuditColumns {
  id: string;
  tenantId: string;
  category: number;
  ossCode: string;
  endpoint: string;
  accessKey: string | null;
  /** Never answered in plain text (masked). */
  secretKey: string | null;
  bucketName: string;
  appId: string | null;
  region: string | null;
  remark: string | null;
  /** Optimistic lock (migration 013): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

/** Columns every blade-log table has (contract.md 4.13). */
export interface LogColumns {
  id: string;
  tenantId: string;
  serviceId: string | null;
  serverHost: string | null;
  serverIp: string | null;
  env: string | null;
  method: string | null;
  requestUri: string | null;
  userAgent: string | null;
  remoteIp: string | null;
  methodClass: string | null;
  methodName: string | null;
  /** JSON of the query and body, credentials masked (services/blade-log/mask.ts). */
  params: string | null;
  /** Duration in milliseconds (API and error logs). */
  time: string | null;
  createBy: string | null;
  createTime: string;
}

/** A write call (POST) of a signed-in user. */
export interface LogApiTable extends LogColumns {
  type: string;
  title: string | null;
}

/** An unhandled error (500); `reference` is the id the error answer showed. */
export interface LogErrorTable extends LogColumns {
  reference: string | null;
  /** Kept on the server: never sent by blade-log/error. */
  stackTrace: string | null;
  exceptionName: string | null;
  message: string | null;
  lineNumber: number | null;
  fileName: string | null;
}

/** An explicit event (a login that succeeded or failed). */
export interface LogUsualTable extends LogColumns {
  logLevel: string | null;
  logId: string | null;
  logData: string | null;
}

/** An uploaded file (blade-resource/attach); the bytes live in the object store under `name`. */
export interface AttachTable extends AuditColumns {
  id: string;
  tenantId: string;
  /** 'file' (downloaded through attach/download) or 'avatar' (a public image link). */
  kind: string;
  link: string;
  domain: string;
  /** The object key, made by the server. */
  name: string;
  originalName: string;
  extension: string;
  /** The type the content was checked to be (never the client's claim). */
  contentType: string;
  attachSize: number;
  /** Optimistic lock (migration 019): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

/** One uploaded import file (server/lib/import); `status` 'success' or 'failed'. */
export interface ImportTable {
  id: string;
  tenantId: string;
  userId: string;
  importType: string;
  fileName: string;
  /** sha256 (hex) of the uploaded bytes. */
  fileHash: string;
  status: string;
  totalCount: number;
  createdCount: number;
  updatedCount: number;
  errorCount: number;
  /** The result workbook of a failed import, below DATA_DIR/imports. */
  resultFile: string | null;
  createTime: string;
}

/** A folder of the picture stock (blade-system/pic-stock); `parentId` '0' = top level. */
export interface PicFolderTable extends AuditColumns {
  id: string;
  tenantId: string;
  parentId: string;
  name: string;
  sort: number;
  /** Optimistic lock (migration 019): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

/** What the picture and video stock keep of a stored file; the bytes live under `objectKey`. */
export interface MediaFileColumns {
  originalName: string;
  /** The object key, made by the server. */
  objectKey: string;
  /** The public address (an unguessable name). */
  link: string;
  extension: string;
  /** The type the content was checked to be (never the client's claim). */
  contentType: string;
  fileSize: number;
}

/** A picture of the picture stock; `folderId` '0' = not in a folder. */
export interface PicTable extends AuditColumns, MediaFileColumns {
  id: string;
  tenantId: string;
  folderId: string;
  name: string;
  width: number | null;
  height: number | null;
}

/** A video of the video stock (blade-resource/video). */
export interface VideoTable extends AuditColumns, MediaFileColumns {
  id: string;
  tenantId: string;
  name: string;
}

/** A data source of the code generator (blade-develop/datasource, contract.md 4.14; global). */
export interface DatasourceTable extends AuditColumns {
  id: string;
  name: string;
  driverClass: string;
  url: string;
  username: string | null;
  /** Never answered (the mask instead). */
  password: string | null;
  remark: string | null;
  /** Optimistic lock (migration 013): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

/** A code generator configuration (blade-develop/code, contract.md 4.14; global). */
export interface CodeTable extends AuditColumns {
  id: string;
  datasourceId: string;
  serviceName: string;
  codeName: string;
  tableName: string;
  tablePrefix: string | null;
  pkName: string;
  packageName: string | null;
  /** 1 no, 2 yes. */
  baseMode: number;
  /** 1 no, 2 yes. */
  wrapMode: number;
  apiPath: string | null;
  webPath: string | null;
  /** Optimistic lock (migration 013): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

/** A tenant's personalisation (blade-system/personalise): one row per tenant. */
export interface PersonaliseTable {
  id: string;
  tenantId: string;
  systemColor: string;
  sideName: string;
  smallWindowLogoUrl: string;
  navigationBarLogoUrl: string;
  createUser: string | null;
  createTime: string | null;
  updateUser: string | null;
  updateTime: string | null;
  /** Optimistic lock (migration 019): submit sends it back, a stale one is 409. */
  version: Generated<number>;
}

/** A tenant's configuration of one platform (blade-system/platform-setting); `config` is JSON. */
export interface PlatformSettingTable extends AuditColumns {
  id: string;
  tenantId: string;
  platform: string;
  config: string;
  version: number;
}

/** An idempotency key and the answer it gave (014-idempotency, lib/idempotency). */
export interface IdempotencyTable {
  id: string;
  tenantId: string;
  userId: string;
  idemKey: string;
  /** 'POST /api/...' as registered. */
  route: string;
  /** sha-256 hex of the request's query and body. */
  requestHash: string;
  /** Null while the first request is being handled. */
  statusCode: number | null;
  contentType: string | null;
  response: string | null;
  /** Epoch seconds. */
  createdAt: number;
}

/**
 * A supplier (migration 022, domain.md "sup"). `status` is its enable flag; `contactPhone` and
 * `interfaceSecret` are ciphertext; `driver` names the supplier interface (sandbox or http).
 */
export interface SupTable extends AuditColumns {
  id: string;
  tenantId: string;
  supCode: string;
  supName: string;
  shortName: string | null;
  contactName: string | null;
  contactPhone: string | null;
  /** Dictionary sup_settlement_type: 1 prepaid, 2 postpaid. */
  settlementType: number;
  /** Dictionary sup_supply_type: 1 coupon code, 2 direct recharge, 3 interface card. */
  supplyType: number;
  driver: string;
  interfaceEndpoint: string | null;
  interfaceKey: string | null;
  interfaceSecret: string | null;
  remark: string | null;
  version: Generated<number>;
}

/** A supplier's file: `kind` 1 qualification (sup-file), 2 agreement (sup-argeement-file). */
export interface SupFileTable {
  id: string;
  tenantId: string;
  supId: string;
  kind: number;
  attachId: string;
  fileName: string;
  fileUrl: string;
  createUser: string | null;
  createTime: string | null;
  isDeleted: number;
}

/**
 * A supplier's good (migration 023, domain.md "sup-good"). `marketAmount` (face value) and
 * `costPrice` are integer fen; `status` is the enable flag, `onShelf` 1 on shelf.
 */
export interface SupGoodTable extends AuditColumns {
  id: string;
  tenantId: string;
  supId: string;
  goodCode: string;
  goodName: string;
  /** Dictionary sup_good_type: 1 coupon code, 2 direct recharge, 3 interface card. */
  goodType: number;
  marketAmount: number;
  costPrice: number;
  validDays: number | null;
  validEnd: string | null;
  onShelf: number;
  stockWarn: number | null;
  validTimeWarn: number | null;
  /** good-interface-set: the supplier-side code of the good and the request signing method. */
  interfaceGoodCode: string | null;
  signMethod: string | null;
  remark: string | null;
  version: Generated<number>;
}

/** A good interface sign config: one parameter of a signed request for the good. */
export interface SupGoodSignTable extends AuditColumns {
  id: string;
  tenantId: string;
  goodId: string;
  paramName: string;
  paramValue: string | null;
  sort: number;
  remark: string | null;
  version: Generated<number>;
}

/** A tenant that may sell the supplier's goods (product-belong-sup). */
export interface SupBelongTable {
  id: string;
  tenantId: string;
  supId: string;
  belongTenantId: string;
  createUser: string | null;
  createTime: string | null;
}

/**
 * A supplier's store (migration 024, domain.md "sup-store"). `status` is the enable flag;
 * `goodIds` the goods it accepts (comma-joined, empty = all of its supplier's); `repeatFlag` 1:
 * kept beside a store with the same code (an import answered "exclusive").
 */
export interface SupStoreTable extends AuditColumns {
  id: string;
  tenantId: string;
  supId: string;
  storeCode: string;
  storeName: string;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  address: string | null;
  phone: string | null;
  goodIds: string | null;
  repeatFlag: number;
  remark: string | null;
  version: Generated<number>;
}

/** A store group (migration 024); its stores are in `SupStoreGroupRelTable`. */
export interface SupStoreGroupTable extends AuditColumns {
  id: string;
  tenantId: string;
  groupName: string;
  remark: string | null;
  version: Generated<number>;
}

export interface SupStoreGroupRelTable {
  id: string;
  tenantId: string;
  groupId: string;
  storeId: string;
}

/** An imported row whose store code exists, waiting for merge or exclusive (migration 024). */
export interface SupStoreRepeatTable {
  id: string;
  tenantId: string;
  importId: string;
  rowNo: number;
  /** The existing store with the same code. */
  storeId: string;
  storeCode: string;
  /** The row's checked values, JSON. */
  data: string;
  /** 'merge' or 'exclusive' once set-repeat-Store recorded it. */
  choice: string | null;
  applied: number;
  createUser: string | null;
  createTime: string | null;
}

/**
 * A supplier's sign-up application (migration 025, enterprise-register): `state` 'pending',
 * 'approved' (then `supId` names the supplier it became) or 'rejected' (with `rejectReason`).
 */
export interface SupEnterpriseRegisterTable extends AuditColumns {
  id: string;
  tenantId: string;
  companyName: string;
  /** The unified social credit code (18 characters). */
  creditCode: string;
  contactName: string;
  /** Sealed at rest like blade_sup's (sup/contact-phone.ts). */
  contactPhone: string;
  email: string;
  /** Dictionary sup_supply_type: 1 coupon code, 2 direct recharge, 3 interface card. */
  supplyType: number;
  remark: string | null;
  state: string;
  rejectReason: string | null;
  supId: string | null;
  auditUser: string | null;
  auditTime: string | null;
  version: Generated<number>;
}

/*
 * The supplier money core (migration 028, issue 18). Money columns are integer fen; `state`
 * columns hold the lifecycle machines' state names (machines/lifecycles/).
 */

/** A batch of coupon codes; counts per state are read from the codes. */
export interface SupBatchCouponCodeTable extends AuditColumns {
  id: string;
  tenantId: string;
  batchNo: string;
  supId: string;
  goodId: string;
  /** 'import' | 'interface' | 'manual' */
  source: string;
  totalCount: number;
  validStart: string | null;
  validEnd: string | null;
  importId: string | null;
  fileName: string | null;
  remark: string | null;
  version: Generated<number>;
}

/** A coupon code: code and pin sealed at rest, `codeDigest` its HMAC for exact look-up. */
export interface SupCouponCodeTable extends AuditColumns {
  id: string;
  tenantId: string;
  batchId: string;
  supId: string;
  goodId: string;
  codeCipher: string;
  codeDigest: string;
  codeMask: string;
  pinCipher: string | null;
  validStart: string | null;
  validEnd: string | null;
  /** couponCodeLifecycle state. */
  state: string;
  orderId: string | null;
  issueTime: string | null;
  usedTime: string | null;
  invalidTime: string | null;
  version: Generated<number>;
}

/** A code taken back by a refund: 'pending' until handled ('restocked' | 'discarded'). */
export interface SupCouponCodeRecoveryTable extends AuditColumns {
  id: string;
  tenantId: string;
  codeId: string;
  supId: string;
  goodId: string;
  orderId: string | null;
  returnOrderId: string | null;
  state: string;
  handleUser: string | null;
  handleTime: string | null;
  remark: string | null;
  version: Generated<number>;
}

/** A redemption of a code: reported by the supplier or found by a status query. */
export interface SupCouponCodeExchangeTable extends AuditColumns {
  id: string;
  tenantId: string;
  codeId: string;
  supId: string;
  goodId: string;
  orderId: string | null;
  storeCode: string | null;
  storeName: string | null;
  exchangeTime: string;
  /** 'supplier' | 'renew' */
  source: string;
  cancelled: number;
  cancelTime: string | null;
  version: Generated<number>;
}

/** A supplier order. Amounts are totals in fen: face value, client paid, supplier charged. */
export interface SupOrderTable extends AuditColumns {
  id: string;
  tenantId: string;
  orderNo: string;
  clientOrderId: string | null;
  clientId: string | null;
  appId: string | null;
  supId: string;
  goodId: string;
  quantity: number;
  marketAmount: number;
  actualAmount: number;
  costAmount: number;
  refundedQuantity: number;
  refundedAmount: number;
  /** supOrderLifecycle state. */
  state: string;
  attempts: number;
  lastError: string | null;
  finishTime: string | null;
  remark: string | null;
  version: Generated<number>;
}

/**
 * A code given to an order (migration 033): `returnOrderId` is the refund that gave it back. At
 * most one row of a code has none (a partial unique index): one order holds a code at a time.
 */
export interface SupOrderCodeTable {
  codeId: string;
  orderId: string;
  tenantId: string;
  issueTime: string;
  returnOrderId: string | null;
  returnTime: string | null;
}

/** A refund of (part of) a supplier order. */
export interface SupReturnOrderTable extends AuditColumns {
  id: string;
  tenantId: string;
  returnNo: string;
  orderId: string;
  orderNo: string;
  supId: string;
  goodId: string;
  quantity: number;
  marketAmount: number;
  actualAmount: number;
  /** Credited back to the balance it was charged to. */
  costAmount: number;
  reason: string | null;
  /** refundLifecycle state. */
  state: string;
  failReason: string | null;
  finishTime: string | null;
  version: Generated<number>;
}

/** A failed supplier order waiting for an operator. */
export interface SupErrorOrderTable extends AuditColumns {
  id: string;
  tenantId: string;
  orderId: string;
  orderNo: string;
  supId: string;
  goodId: string;
  errorMsg: string | null;
  /** errorOrderLifecycle state. */
  state: string;
  auditUser: string | null;
  auditTime: string | null;
  auditRemark: string | null;
  handleUser: string | null;
  handleTime: string | null;
  version: Generated<number>;
}

/** A supplier's balance (quota) in fen; it may go down to -overdraftLimit, never below. */
export interface SupBalanceTotalTable extends AuditColumns {
  id: string;
  tenantId: string;
  supId: string;
  balance: number;
  overdraftLimit: number;
  warningAmount: number | null;
  /** Dictionary sup_balance_type: 1 prepaid, 2 credit. */
  balanceType: number;
  version: Generated<number>;
}

/** A good's own quota in fen (balanceType 2); type 1 charges the supplier's balance. */
export interface SupGoodBalanceTotalTable extends AuditColumns {
  id: string;
  tenantId: string;
  supId: string;
  goodId: string;
  balance: number;
  overdraftLimit: number;
  warningAmount: number | null;
  /** Dictionary sup_good_balance_type: 1 the supplier's balance, 2 the good's own quota. */
  balanceType: number;
  version: Generated<number>;
}

/** One change of a supplier balance; immutable. */
export interface SupBalanceRecordTable {
  id: string;
  tenantId: string;
  supId: string;
  /** 'init' | 'add' | 'deduct' | 'order' | 'refund' | 'reissue' | 'cancel' */
  changeType: string;
  /** Signed fen. */
  amount: number;
  balanceAfter: number;
  reason: string | null;
  sourceId: string | null;
  sourceNo: string | null;
  attachId: string | null;
  fileName: string | null;
  createUser: string | null;
  createTime: string;
}

/** One change of a good's quota; immutable. */
export interface SupGoodBalanceRecordTable extends SupBalanceRecordTable {
  goodId: string;
}

/** A bulk job of the supplier service (refresh of verification status) and its progress. */
export interface SupBatchTaskTable extends AuditColumns {
  id: string;
  tenantId: string;
  taskName: string;
  taskType: string;
  params: string | null;
  /** 'waiting' | 'running' | 'done' | 'failed' */
  state: string;
  total: number;
  processed: number;
  succeeded: number;
  failedCount: number;
  result: string | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  claimedAt: number | null;
  version: Generated<number>;
}

/** A tenant's warning settings of one kind ('errorOrder'), JSON. */
export interface SupWarningSettingTable {
  id: string;
  tenantId: string;
  kind: string;
  config: string;
  updateUser: string | null;
  updateTime: string | null;
}

/** The project report's invoice remark of one supplier and month (migration 029). */
export interface SupOrderReportRemarkTable {
  id: string;
  tenantId: string;
  supId: string;
  /** 'yyyy-MM' */
  month: string;
  remark: string;
  updateUser: string | null;
  updateTime: string | null;
}

/** A one-time download ticket of a quota-change voucher (migration 032; id = sha-256 hex). */
export interface SupFileTicketTable {
  id: string;
  tenantId: string;
  userId: string;
  attachId: string;
  /** Epoch seconds. */
  expiresAt: number;
  usedAt: number | null;
}

export interface ParkLotTable extends AuditColumns {
  id: string;
  tenantId: string;
  lotCode: string;
  lotName: string;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  address: string | null;
  spaces: number;
  operator: string;
  supId: string | null;
  enabled: number;
  version: Generated<number>;
}

// ---- Client service (migration 037, issue 27) ----

export interface PsclientTable extends AuditColumns {
  id: string;
  tenantId: string;
  clientCode: string;
  clientName: string;
  shortName: string | null;
  contactName: string | null;
  contactPhone: string | null;
  belongTenantId: string | null;
  enabled: number;
  remark: string | null;
  version: Generated<number>;
}

export interface PsclientAppTable extends AuditColumns {
  id: string;
  tenantId: string;
  clientId: string;
  appName: string;
  appKey: string;
  secretSalt: string;
  secretHint: string | null;
  secretTime: string | null;
  callbackUrl: string | null;
  ipAllowlist: string | null;
  rateLimit: number;
  enabled: number;
  remark: string | null;
  version: Generated<number>;
}

export interface PsclientAppProductTable {
  id: string;
  tenantId: string;
  appId: string;
  productId: string;
  createUser: string | null;
  createTime: string | null;
}

export interface PsclientAppPrepayTable extends AuditColumns {
  id: string;
  tenantId: string;
  appId: string;
  clientId: string;
  balance: number;
  creditLimit: number;
  warningAmount: number | null;
  prepayType: number;
  warned: number;
  version: Generated<number>;
}

export interface PrepayRecordTable {
  id: string;
  tenantId: string;
  appId: string;
  clientId: string;
  changeType: string;
  amount: number;
  balanceAfter: number;
  reason: string | null;
  sourceId: string | null;
  sourceNo: string | null;
  attachId: string | null;
  fileName: string | null;
  createUser: string | null;
  createTime: string;
}

export interface PsclientProductTable extends AuditColumns {
  id: string;
  tenantId: string;
  productCode: string;
  productName: string;
  marketAmount: number;
  salePrice: number;
  setRule: string;
  onShelf: number;
  pictures: string | null;
  videos: string | null;
  description: string | null;
  enabled: number;
  remark: string | null;
  version: Generated<number>;
}

export interface ProductGoodMapTable {
  id: string;
  tenantId: string;
  productId: string;
  goodId: string;
  priority: number;
  weight: number;
  createUser: string | null;
  createTime: string | null;
}

export interface ForbiddenSaleDayTable extends AuditColumns {
  id: string;
  tenantId: string;
  productId: string | null;
  saleDay: string;
  reason: string | null;
}

export interface ClientProductOrderTable extends AuditColumns {
  id: string;
  tenantId: string;
  orderNo: string;
  outOrderNo: string;
  clientId: string;
  appId: string;
  productId: string;
  goodId: string | null;
  supOrderId: string | null;
  quantity: number;
  salePrice: number;
  amount: number;
  returnedQuantity: number;
  returnedAmount: number;
  phone: string | null;
  phoneMask: string | null;
  state: string;
  source: string;
  lastError: string | null;
  finishTime: string | null;
  enabled: number;
  remark: string | null;
  version: Generated<number>;
}

export interface ClientReturnOrderTable extends AuditColumns {
  id: string;
  tenantId: string;
  returnNo: string;
  orderId: string;
  orderNo: string;
  outOrderNo: string;
  clientId: string;
  appId: string;
  productId: string;
  quantity: number;
  amount: number;
  reason: string | null;
  supReturnId: string | null;
  state: string;
  failReason: string | null;
  finishTime: string | null;
}

export interface PlaceOrderFailTable extends AuditColumns {
  id: string;
  tenantId: string;
  orderId: string;
  orderNo: string;
  outOrderNo: string;
  clientId: string;
  appId: string;
  productId: string;
  quantity: number;
  amount: number;
  failReason: string | null;
  state: string;
  handleUser: string | null;
  handleTime: string | null;
  handleRemark: string | null;
  version: Generated<number>;
}

export interface OpenApiNonceTable {
  appKey: string;
  nonce: string;
  seenAt: number;
}

/** Counters that caches compare with (054-grants-version.ts): `grants` moves with every grant change. */
export interface CacheVersionTable {
  name: string;
  version: number;
}

/** db/migrations/057-data-versions.ts: a table's version is the sum of its rows' versions. */
export interface DataVersionTable {
  tableName: string;
  backend: number;
  version: number;
}

export interface RateWindowTable {
  bucket: string;
  windowStart: number;
  hits: number;
}

export interface CallbackOutboxTable {
  id: string;
  tenantId: string;
  eventId: string;
  appId: string;
  orderId: string;
  orderNo: string;
  outOrderNo: string;
  eventType: string;
  payload: string;
  state: string;
  attempts: number;
  nextAttemptAt: number;
  claimedUntil: number;
  lastStatus: number | null;
  lastError: string | null;
  deliveredTime: string | null;
  createTime: string;
}

export interface CallbackAttemptTable {
  id: string;
  outboxId: string;
  attempt: number;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
  createTime: string;
}

/** A client product's stock threshold, or with productId '0' the tenant's default (migration 039). */
export interface ClientProductWarningTable {
  id: string;
  tenantId: string;
  productId: string;
  stockWarn: number | null;
  updateUser: string | null;
  updateTime: string | null;
}

/**
 * The prepay ledger as the resource engine reads it (migration 040, a read-only view): the
 * ledger's columns with the engine's audit columns as constants.
 */
export type PrepayRecordViewTable = AuditColumns &
  Omit<PrepayRecordTable, 'createUser' | 'createTime'>;

/** An access party's qualification (kind 1) or agreement (kind 2) file (migration 038). */
export interface PsclientFileTable {
  id: string;
  tenantId: string;
  clientId: string;
  kind: number;
  attachId: string;
  fileName: string;
  fileUrl: string;
  createUser: string | null;
  createTime: string | null;
  isDeleted: number;
}

/** What an operator reserved for an app of one product (migration 042; stock/ledger.ts). */
export interface ClientAppStockTable extends AuditColumns {
  id: string;
  tenantId: string;
  appId: string;
  clientId: string;
  productId: string;
  /** Remaining reserved quantity, never below 0. */
  quantity: number;
  /** Below this the row is marked; null: no threshold. */
  warnQuantity: number | null;
  version: Generated<number>;
}

/** The app stock ledger (migration 042): each change signed, with the quantity after it. */
export interface ClientAppStockRecordTable {
  id: string;
  tenantId: string;
  appId: string;
  clientId: string;
  productId: string;
  /** 'add' | 'deduct' | 'order' | 'return' | 'fail' */
  changeType: string;
  quantity: number;
  quantityAfter: number;
  reason: string | null;
  sourceId: string | null;
  sourceNo: string | null;
  /** The order an 'order' row took for, or a return/failure gave back for. */
  orderId: string | null;
  createUser: string | null;
  createTime: string;
}

/** The app stock ledger as the resource engine reads it (migration 042, a read-only view). */
export type ClientAppStockRecordViewTable = AuditColumns &
  Omit<ClientAppStockRecordTable, 'createUser' | 'createTime'>;

/** A bulk client order batch: one uploaded xlsx for one app, placed by a job (migration 044). */
export interface ClientOrderImportBatchTable extends AuditColumns {
  id: string;
  tenantId: string;
  batchNo: string;
  clientId: string;
  appId: string;
  fileName: string;
  /** Object keys (lib/storage) of the upload and the result file; cleared when removed. */
  uploadKey: string | null;
  resultKey: string | null;
  total: number;
  processed: number;
  succeeded: number;
  failed: number;
  /** bulkOrderBatchLifecycle state. */
  state: string;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** The running worker's lease (epoch seconds). */
  claimedAt: number | null;
  version: Generated<number>;
}

/** A client product's price change at a set time (migration 041); prices in fen. */
export interface PricePlanTable extends AuditColumns {
  id: string;
  tenantId: string;
  productId: string;
  oldPrice: number;
  newPrice: number;
  effectiveTime: string;
  /** pricePlanLifecycle state. */
  state: string;
  appliedTime: string | null;
  appliedPrice: number | null;
  voidUser: string | null;
  voidTime: string | null;
  voidReason: string | null;
  remark: string | null;
  version: Generated<number>;
}

/** The columns a client content and a draft share (migration 043). */
interface ArticleColumns extends AuditColumns {
  id: string;
  tenantId: string;
  title: string;
  summary: string | null;
  body: string | null;
  linkType: string;
  linkUrl: string | null;
  clientId: string | null;
  productId: string | null;
  sort: number;
  pinned: number;
  version: number;
}

/** An access party's content (migration 043); `thumbnails` a JSON array of picture ids. */
export interface ClientContentTable extends ArticleColumns {
  thumbnails: string | null;
  state: string;
}

/** A manuscript draft (migration 043); `state` by machines/lifecycles/client-draft-machine.ts. */
export interface ClientDraftTable extends ArticleColumns {
  state: Generated<string>;
  source: Generated<string>;
  commitUser: string | null;
  commitTime: string | null;
}

/** A draft's thumbnail: a media-stock picture in its place (migration 043). */
export interface ClientDraftThumbnailTable {
  id: string;
  tenantId: string;
  draftId: string;
  picId: string;
  sort: number;
  createUser: string | null;
  createTime: string;
}

// ---- Parking bills (migration 046, issue 28 item 1) ----

/** A parking bill; money in fen; `state` by machines/lifecycles/park-bill-machine.ts. */
export interface ParkBillTable extends AuditColumns {
  id: string;
  tenantId: string;
  billNo: string;
  billType: string;
  lotId: string;
  plateNo: string;
  enterTime: string | null;
  leaveTime: string | null;
  parkMinutes: number | null;
  ticketStart: string | null;
  ticketEnd: string | null;
  amountDue: number;
  discountAmount: number;
  rightDeduction: number;
  paidAmount: number;
  refundedAmount: number;
  payChannel: string | null;
  payTime: string | null;
  payMode: string;
  supId: string | null;
  rightCode: string | null;
  providerCode: string | null;
  providerName: string | null;
  state: string;
  billTime: string;
  version: Generated<number>;
}

/** One refund of a parking bill (fen), sent through the lot's operator driver. */
export interface ParkBillRefundTable extends AuditColumns {
  id: string;
  tenantId: string;
  refundNo: string;
  billId: string;
  billNo: string;
  amount: number;
  reason: string;
  state: string;
  operatorRefundNo: string | null;
  /** The operator's refusal (migration 053). */
  failReason: string | null;
}

/** A smart-pay (无感支付) flow (fen). */
export interface ParkPayFlowTable extends AuditColumns {
  id: string;
  tenantId: string;
  flowNo: string;
  billNo: string | null;
  lotId: string;
  plateNo: string;
  flowType: string;
  amount: number;
  payChannel: string;
  flowState: string;
  failReason: string | null;
  flowTime: string;
}

// ---- Parking master data (migration 047, issue 28 item 1) ----

/** A car licence bound to a lot; the owner's phone sealed (lib/sealed-phone.ts). */
export interface ParkCarTable extends AuditColumns {
  id: string;
  tenantId: string;
  plateNo: string;
  plateType: string;
  ownerName: string | null;
  ownerPhone: string | null;
  lotId: string;
  bindTime: string | null;
  enabled: number;
  version: Generated<number>;
}

/** A plate subscribed to a lot for a period; its state is derived from the period. */
export interface ParkCarSubscribeTable extends AuditColumns {
  id: string;
  tenantId: string;
  plateNo: string;
  lotId: string;
  startTime: string;
  endTime: string;
  channel: string;
}

/** A lot's pay setting (one live per lot); money in fen. */
export interface ParkPaySettingTable extends AuditColumns {
  id: string;
  tenantId: string;
  lotId: string;
  freeMinutes: number;
  pricePerHour: number;
  dailyCap: number;
  monthPrice: number;
  channels: string;
  merchantNo: string;
  version: Generated<number>;
}

/** A lot's invoice setting (one live per lot). */
export interface ParkInvoiceSettingTable extends AuditColumns {
  id: string;
  tenantId: string;
  lotId: string;
  sellerName: string;
  taxNo: string;
  invoiceType: string;
  provider: string;
  contactName: string | null;
  contactPhone: string | null;
  enabled: number;
  version: Generated<number>;
}

/** A pay order (migration 049); `state` by machines/lifecycles/pay-order-machine.ts; fen. */
export interface PayOrderTable extends AuditColumns {
  id: string;
  tenantId: string;
  orderNo: string;
  outTradeNo: string;
  settingId: string | null;
  transactionId: string | null;
  payerMask: string | null;
  subject: string;
  amount: number;
  refundedAmount: number;
  channel: string;
  state: string;
  payTime: string | null;
  closeTime: string | null;
  sourceType: string;
  sourceId: string;
  version: Generated<number>;
}

/** A refund of (part of) a pay order (migration 049); fen. */
export interface PayRefundTable {
  id: string;
  tenantId: string;
  payOrderId: string;
  refundNo: string;
  refundId: string | null;
  amount: number;
  reason: string | null;
  createUser: string | null;
  createTime: string;
}

/** A WeChat pay merchant setting (migration 049); the key and private key encrypted. */
export interface WechatPaySettingTable extends AuditColumns {
  id: string;
  tenantId: string;
  settingName: string;
  driver: string;
  mchId: string;
  appId: string;
  apiV3Key: string | null;
  serialNo: string;
  privateKey: string | null;
  platformCert: string | null;
  enabled: number;
  remark: string | null;
  version: Generated<number>;
}

/** A Dingxin verification account (migration 049); the secret encrypted. */
export interface DingxinSettingTable extends AuditColumns {
  id: string;
  tenantId: string;
  settingName: string;
  driver: string;
  endpoint: string;
  appKey: string;
  appSecret: string | null;
  enabled: number;
  remark: string | null;
  version: Generated<number>;
}

/** A saved report definition (migration 049, blade-report): global. */
export interface ReportDefTable extends AuditColumns {
  id: string;
  name: string;
  reportCode: string;
  category: string;
  route: string;
  remark: string | null;
}

// ---- Advertising (migration 048, issue 28 item 2) ----

/** An ad material: a media-stock picture or video (`media_id`), its copy and size. */
export interface AdMaterialTable extends AuditColumns {
  id: string;
  tenantId: string;
  materialName: string;
  materialType: string;
  mediaId: string;
  copyText: string | null;
  width: number;
  height: number;
  version: Generated<number>;
}

/** An ad position; floor price in fen. */
export interface AdPositionTable extends AuditColumns {
  id: string;
  tenantId: string;
  positionCode: string;
  positionName: string;
  width: number;
  height: number;
  mediaTypes: string;
  priceMode: string;
  floorPrice: number;
  enabled: number;
  version: Generated<number>;
}

/** An advertiser; the contact phone sealed (lib/sealed-phone.ts). */
export interface AdvertiserTable extends AuditColumns {
  id: string;
  tenantId: string;
  advertiserCode: string;
  advertiserName: string;
  contactName: string | null;
  contactPhone: string | null;
  industry: string;
  enabled: number;
  version: Generated<number>;
}

/** A setting of an advertiser code; a secret's value sealed, never answered. */
export interface AdvertiserSettingTable extends AuditColumns {
  id: string;
  tenantId: string;
  advertiserCode: string;
  settingKey: string;
  settingValue: string | null;
  secret: number;
}

/** An ad plan; budgets and bid in fen, `state` by machines/lifecycles/ad-plan-machine.ts. */
export interface AdPlanTable extends AuditColumns {
  id: string;
  tenantId: string;
  planName: string;
  advertiserId: string;
  materialIds: string;
  positionIds: string;
  lotIds: string | null;
  startDate: string;
  endDate: string;
  dailyBudget: number;
  totalBudget: number;
  bid: number;
  state: Generated<string>;
  pauseFlag: Generated<number>;
  remark: string | null;
  version: Generated<number>;
  /** Fen spent, summed by the delivery events' roll-up (migration 050). */
  spent: Generated<number>;
  /** Why a paused plan is paused: 'manual' or 'budget' (migration 050). */
  pauseReason: string | null;
}

/** A flow master; share in basis points, phone and account sealed. */
export interface FlowMasterTable extends AuditColumns {
  id: string;
  tenantId: string;
  masterName: string;
  contactName: string | null;
  contactPhone: string | null;
  positionIds: string | null;
  shareRate: number;
  settleAccount: string | null;
  enabled: number;
  version: Generated<number>;
}

/** A revenue share record of a flow master (fen; share in basis points). */
export interface AdProfitFlowTable extends AuditColumns {
  id: string;
  tenantId: string;
  flowMasterId: string;
  planId: string;
  positionId: string;
  lotId: string | null;
  flowDate: string;
  revenue: number;
  shareRate: number;
  shareAmount: number;
}

/** An ad of the business team's list (/business/advertising-lis). */
export interface AdBusinessTable extends AuditColumns {
  id: string;
  tenantId: string;
  adTitle: string;
  advertiserId: string;
  planId: string | null;
  lotId: string | null;
  startDate: string;
  endDate: string;
  enabled: number;
  remark: string | null;
  version: Generated<number>;
}

/** A delivery event (append-only; migration 050). `rolled` 0 until the roll-up has counted it. */
export interface AdEventTable {
  id: string;
  tenantId: string;
  source: string;
  eventId: string;
  /** impression | click | conversion | cost */
  eventType: string;
  planId: string;
  positionId: string;
  flowMasterId: string;
  /** '' when the event names no lot. */
  lotId: Generated<string>;
  eventTime: string;
  /** Fen. */
  cost: Generated<number>;
  receivedTime: string;
  rolled: Generated<number>;
}

/** A minute's ('yyyy-MM-dd HH:mm') or a day's counts per plan, position, flow master and lot. */
export interface AdRollupTable {
  tenantId: string;
  bucket: string;
  planId: string;
  positionId: string;
  flowMasterId: string;
  /** '' when none. */
  lotId: string;
  impressions: Generated<number>;
  clicks: Generated<number>;
  conversions: Generated<number>;
  /** Fen. */
  cost: Generated<number>;
}

// Issue 29 (migration 052): workflow.
/** A BPMN model as designed (xml checked on submit). */
export interface FlowModelTable extends AuditColumns {
  id: string;
  tenantId: string;
  modelKey: string;
  name: string;
  description: string | null;
  xml: string;
  version: Generated<number>;
}

export interface FlowDeploymentTable extends AuditColumns {
  id: string;
  tenantId: string;
  name: string;
  category: string;
  deployTime: string;
}

/** A deployed process definition (its id is the routes' processDefinitionId). */
export interface FlowDefinitionTable extends AuditColumns {
  id: string;
  tenantId: string;
  deploymentId: string;
  processKey: string;
  name: string;
  description: string | null;
  category: string;
  /** 1, 2, ... per tenant and process key. */
  processVersion: number;
  resourceName: string;
  xml: string;
  /** JSON: { [userTaskId]: { assignee?, candidateUsers: [], candidateGroups: [] } }. */
  assignments: string;
  /** JSON: { users: [], groups: [] } (both empty = anyone in the tenant). */
  starters: string;
  suspended: Generated<number>;
  deployTime: string;
}

/** A process instance; `version` counts its steps (each written where version = its start). */
export interface FlowInstanceTable extends AuditColumns {
  id: string;
  tenantId: string;
  definitionId: string;
  processKey: string;
  businessKey: string | null;
  startedBy: string;
  startTime: string;
  endTime: string | null;
  /** running | suspended | ended | deleted */
  state: string;
  deleteReason: string | null;
  /** The engine's JSON state after the last step. */
  engineState: string;
  /** JSON array of the waiting activity ids. */
  currentActivities: Generated<string>;
  version: Generated<number>;
}

export interface FlowTaskTable extends AuditColumns {
  id: string;
  tenantId: string;
  instanceId: string;
  definitionId: string;
  activityId: string;
  name: string;
  /** candidate | assigned | done | cancelled (workflow-task-machine.ts). */
  state: string;
  assignee: string | null;
  claimTime: string | null;
  endTime: string | null;
  /** approve | reject, null while open. */
  outcome: string | null;
  comment: string | null;
  version: Generated<number>;
}
export interface FlowTaskCandidateTable {
  taskId: string;
  /** user | role | dept */
  kind: string;
  refId: string;
}

export interface FlowHistoryTable {
  id: string;
  tenantId: string;
  instanceId: string;
  activityId: string;
  activityName: string | null;
  activityType: string;
  assignee: string | null;
  startTime: string;
  endTime: string | null;
  outcome: string | null;
  comment: string | null;
  seq: number;
}

export interface FlowTimerTable {
  id: string;
  tenantId: string;
  instanceId: string;
  activityId: string;
  /** Epoch milliseconds. */
  dueAt: number;
  /** waiting | fired | cancelled */
  state: string;
  claimedBy: string | null;
  claimedUntil: number | null;
}

/** A leave request of the seeded leave process (blade-desk process/leave). */
export interface ProcessLeaveTable extends AuditColumns {
  id: string;
  tenantId: string;
  processDefinitionId: string;
  processInstanceId: string | null;
  /** Dict 'leave_type'. */
  leaveType: string;
  startTime: string;
  endTime: string;
  /** Half days: 3 = 1.5 days. */
  halfDays: number;
  reason: string;
  taskUser: string;
  applyTime: string;
  /** pending | approved | rejected | withdrawn */
  leaveState: string;
  version: Generated<number>;
}
