import { Modal } from '@mantine/core';
import { useId, useWindowEvent } from '@mantine/hooks';
import type { ComponentType } from 'react';
import { useLang, useT } from '../../state/hooks';
import type { Dict, DictService } from '../../contracts/blade-system/dict';
import type { ActionDialogProps, ResourceDef } from '../types';
import { escapeBelongsTo } from './dict-dialog-escape';
import { DictEntries } from './dict-entries';
import { dictName } from './dict-labels';

interface Props extends ActionDialogProps<Dict> {
  service: DictService;
  entries: ResourceDef<Dict>;
}

/** Focus the first filter field, not the close button (Mantine focuses `data-autofocus`). */
function markFirstField(node: HTMLDivElement | null) {
  node?.querySelector('input:not([type=hidden]), textarea')?.setAttribute('data-autofocus', 'true');
}

/**
 * 'Dictionary configuration' of one dictionary (the row action of the plain dictionary
 * screens): its entries in a dialog, listed, added, edited and removed there. Entry changes do
 * not change the dictionaries list, so it closes with `onClose(false)`.
 */
export function DictEntriesDialog({ rows, onClose, service, entries }: Props) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const parent = rows[0];
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || event.isComposing) return;
    const own = document.querySelector(`[aria-labelledby="${id}-title"]`);
    if (escapeBelongsTo(event.target, own)) onClose(false);
  });
  return (
    <Modal
      id={id}
      opened
      onClose={() => onClose(false)}
      closeOnEscape={false}
      size={1080}
      title={
        parent ? t('dict.configTitleOf', { name: dictName(parent, lang) }) : t('dict.configTitle')
      }
    >
      <div ref={markFirstField}>
        {parent && <DictEntries service={service} entries={entries} parent={parent} />}
      </div>
    </Modal>
  );
}

const dialogs = new Map<ResourceDef<Dict>, ComponentType<ActionDialogProps<Dict>>>();

/**
 * The dialog component of one screen's entry declaration (an action dialog receives only
 * `rows` and `onClose`), made once per declaration so its identity is stable.
 */
export function entriesDialog(
  service: DictService,
  entries: ResourceDef<Dict>,
): ComponentType<ActionDialogProps<Dict>> {
  let dialog = dialogs.get(entries);
  if (!dialog) {
    dialog = function ScreenEntriesDialog(props: ActionDialogProps<Dict>) {
      return <DictEntriesDialog {...props} service={service} entries={entries} />;
    };
    dialogs.set(entries, dialog);
  }
  return dialog;
}
