import { useState } from 'react';
import { useT } from '../../state/hooks';
import { toast } from '../../components/toast';

/**
 * The chosen pictures or videos of the page on screen, and "remove selected": none chosen says
 * so, otherwise it asks, removes them all and clears the choice. Only rows of this page count as
 * chosen (others may have gone meanwhile).
 */
export function useChosen(
  rows: readonly { id: string }[],
  remove: (ids: string[]) => Promise<unknown>,
  confirm: (message: string) => Promise<boolean>,
) {
  const t = useT();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selectedIds = rows.filter((r) => chosen.has(r.id)).map((r) => r.id);

  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };

  const removeSelected = async () => {
    if (selectedIds.length === 0) {
      toast('warning', t('messages.selectOne'));
      return;
    }
    if (!(await confirm(t('messages.confirmDelete')))) return;
    try {
      await remove(selectedIds);
      setChosen(new Set());
      toast('success', t('messages.deleted'));
    } catch {
      // The API client has shown the server's message.
    }
  };

  return { chosen, setChosen, selectedIds, toggle, removeSelected };
}
