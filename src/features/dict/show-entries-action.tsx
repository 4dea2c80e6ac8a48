import { use, useEffect } from 'react';
import type { Dict } from '../../resources/blade-system/dict-defs';
import type { ActionDialogProps } from '../../resources/types';
import { ChooseDictionary } from './chosen-dictionary';

/**
 * The 'entries' row action of the two layouts. The engine has no row-click callback, so this
 * action "dialog" shows nothing: it hands the row to the page (which shows its entries in the
 * neighbouring pane) and closes at once.
 */
export default function ShowEntriesAction({ rows, onClose }: ActionDialogProps<Dict>) {
  const choose = use(ChooseDictionary);
  const parent = rows[0];
  useEffect(() => {
    if (parent) choose(parent);
    onClose(false);
  }, [parent, choose, onClose]);
  return null;
}
