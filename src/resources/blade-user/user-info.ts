import { userResource } from './user';

/**
 * /setting/user/userinfo: the same users screen under the setting menu, whose one button is
 * user_info_edit (the list menu code user_info opens the detail). Actions behind the
 * /system/user codes show for whoever holds them.
 */
export default userResource({
  route: '/setting/user/userinfo',
  edit: 'user_info_edit',
  view: 'user_info',
});
