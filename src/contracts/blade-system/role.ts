/** A role of the caller's tenant as GET blade-system/role/list answers it (RoleVO, a tree). */
export interface Role {
  id: string;
  tenantId: string;
  parentId: string;
  parentName: string;
  roleName: string;
  roleAlias: string;
  sort: number;
  version: number;
  hasChildren?: boolean;
  children?: Role[];
}
