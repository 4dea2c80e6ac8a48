import { menuResource } from './menu';

/** /setting/resource-list: the menu tree again, behind the menu_resource_* codes. */
export default menuResource('/setting/resource-list', {
  add: 'menu_resource_add',
  edit: 'menu_resource_edit',
  remove: 'menu_resource_delete',
  view: 'menu_resource_view',
});
