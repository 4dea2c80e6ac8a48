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
}

export interface TenantPackageTable extends AuditColumns {
  id: string;
  packageName: string;
  menuId: string;
  remark: string | null;
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
}

export interface ScopeApiTable extends AuditColumns {
  id: string;
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopePath: string;
  scopeType: number;
  remark: string | null;
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
  bladeClientLog: ClientLogTable;
  bladeDataExport: DataExportTable;
  bladeTableSet: TableSetTable;
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
