import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { SupBatchCouponCode } from '../../contracts/platform-supplier/coupon-code';
import { useT } from '../../state/hooks';
import { ResourceScreen } from '../engine/resource-screen';
import type { ResourceDef } from '../types';
import batches from './coupon-code-batch';
import { TraceDrawer } from './code-trace-drawer';
import { takeTrace, useTraceRequest } from './code-trace-request';
import codes from './coupon-code';

/**
 * /supplier/code-batch/management (券码批次管理): the batches, and below them the codes, all of
 * the tenant's or, once a batch is opened (click or Enter on its row), that batch's. The heading
 * of the codes takes the focus when a batch is opened, so the keyboard goes on from there.
 */
export default function CodeBatchPage() {
  const t = useT();
  const [batch, setBatch] = useState<SupBatchCouponCode>();
  // The palette's c: look-up opens a code's history here for a user without the tracing screen.
  const traced = useTraceRequest(codes.route);
  const heading = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) heading.current?.focus();
  }, [batch]);
  const open = (row: SupBatchCouponCode | undefined) => {
    opened.current = true;
    setBatch(row);
  };
  return (
    <Stack gap="xl">
      <ResourceScreen
        def={batches as unknown as ResourceDef}
        onRowOpen={(row) => open(row as unknown as SupBatchCouponCode)}
      />
      <Box component="section" aria-labelledby="coupon-codes-heading">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="coupon-codes-heading" ref={heading} tabIndex={-1}>
            {batch ? t('couponCode.codesOf', { batchNo: batch.batchNo }) : t('couponCode.codes')}
          </Title>
          {batch && (
            <Button variant="subtle" size="xs" onClick={() => open(undefined)}>
              {t('couponCode.allCodes')}
            </Button>
          )}
        </Group>
        {!batch && (
          <Paper withBorder p="xs" mb="sm">
            <Text size="sm" c="dimmed">
              {t('couponCode.chooseBatch')}
            </Text>
          </Paper>
        )}
        {/* A batch starts a fresh code table (filters, page, selection). */}
        {traced && <TraceDrawer key={traced} codeId={traced} onClose={() => takeTrace(traced)} />}
        <ResourceScreen
          key={batch?.id ?? 'all'}
          def={codes as unknown as ResourceDef}
          embedded
          offersCommands
          {...(batch ? { fixedParams: { batchId: batch.id } } : {})}
        />
      </Box>
    </Stack>
  );
}
