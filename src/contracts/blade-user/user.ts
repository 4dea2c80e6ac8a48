/**
 * A user of the caller's tenant as GET blade-user/page answers (BladeX UserVO; spec section 3
 * "Profile"). Multi-valued links are comma-joined ids with their names beside them.
 */
export interface User {
  id: string;
  account: string;
  name: string;
  realName: string;
  code: string;
  /** Encrypted for this session ('enc1:...'): lib/phone decrypts it. */
  phone: string;
  email: string;
  /** '' when unset. */
  sex: number | string;
  birthday: string;
  roleId: string;
  deptId: string;
  postId: string;
  roleName: string;
  deptName: string;
  postName: string;
  userType: number;
  userTypeName: string;
  /** 1 active, 0 disabled, 2 pending approval (ARCHITECTURE.md contract notes). */
  status: number;
  statusName: string;
  createTime: string;
  version: number;
}
