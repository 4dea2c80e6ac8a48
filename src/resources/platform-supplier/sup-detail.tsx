import { Table, Text } from '@mantine/core';
import { supContract, type Supplier } from '../../contracts/platform-supplier/sup';
import { maskedPhone } from '../../lib/phone';
import { useLang, useT } from '../../state/hooks';
import { usePermissions } from '../../state/permissions-context';
import { usePlainPhone } from '../../state/use-plain-phone';

/** Who sees a supplier's contact phone whole: who may edit it (the edit form shows it whole). */
export const SUP_PHONE_IN_FULL = 'supplier_edit';

/**
 * What the supplier detail adds below the columns (issue 25 item 18): the contact phone, which
 * arrives encrypted for the session (decrypted here; whole for a user who may edit the supplier,
 * masked 138****0000 for everyone else, as look-ups show phones).
 */
export function SupContactPhone({ row }: { row: Supplier }) {
  const t = useT();
  const lang = useLang();
  const whole = usePermissions().has(SUP_PHONE_IN_FULL);
  const phone = usePlainPhone(row.contactPhone ?? '');
  const text =
    phone.status === 'ready'
      ? (whole ? phone.phone : maskedPhone(phone.phone)) || '—'
      : phone.status === 'unreadable'
        ? t('supplier.detail.phoneUnreadable')
        : t('supplier.loading');
  return (
    <Table variant="vertical" withTableBorder mt={-1}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={160}>{supContract.fields.contactPhone.label[lang]}</Table.Th>
          <Table.Td>
            <Text size="sm">{text}</Text>
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
