import { Alert, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useUserInfoQuery } from '../../api/auth';
import { useT } from '../../state/hooks';
import { ResourceScreen } from '../engine/resource-screen';
import { entryParams, type Dict, type DictService } from '../../contracts/blade-system/dict';
import type { ResourceDef } from '../types';
import { entriesNotice } from './dict-labels';

interface Props {
  service: DictService;
  /** The entry declaration of the screen (dictEntries). */
  entries: ResourceDef<Dict>;
  parent: Dict;
}

/**
 * One dictionary's entries: the entry table (embedded, every call tied to the parent), with a
 * notice when the caller cannot change them (system dictionary or sealed, not super admin).
 */
export function DictEntries({ service, entries, parent }: Props) {
  const t = useT();
  const user = useUserInfoQuery();
  const notice = entriesNotice(service, parent, user.data?.is_super_admin);
  const { id, code } = parent;
  const fixedParams = useMemo(() => entryParams({ id, code }), [id, code]);
  return (
    <Stack gap="sm">
      {notice && (
        <Alert color="orange" variant="light">
          {t(notice)}
        </Alert>
      )}
      <ResourceScreen
        def={entries as unknown as ResourceDef}
        route={entries.route}
        fixedParams={fixedParams}
        embedded
      />
    </Stack>
  );
}
