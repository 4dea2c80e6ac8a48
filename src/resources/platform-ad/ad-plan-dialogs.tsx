import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useIdempotentPostMutation, useSendOnce, refusalMessage } from '../../api/send-once';
import { toast } from '../../components/toast';
import { AD_PLAN_CALLS, adPlanContract, type AdPlan } from '../../contracts/platform-ad/ad-plan';
import { ADVERT } from '../../contracts/platform-ad/advert';
import { messageIn } from '../../contracts/server-messages';
import type { MessageKey } from '../../i18n';
import { useLang, useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';

/**
 * The ad plan's row actions (issue 28 item 2): 开始投放 / 结束投放 (setPlanStatus running / ended),
 * 暂停 / 恢复 (setPlanPauseFlag 1 / 0) and 复制 (a new draft), each a confirmation sent once. The
 * screen offers each only in the states the ad plan machine allows it (ad-plan.ts); a refusal
 * (409 naming the state, when another operator moved the plan meanwhile) is shown as the toast.
 */
type Move = 'start' | 'end' | 'pause' | 'resume' | 'copy';

const PATHS: Record<Move, (plan: AdPlan) => string> = {
  start: (p) => AD_PLAN_CALLS.status(p.id, 'running'),
  end: (p) => AD_PLAN_CALLS.status(p.id, 'ended'),
  pause: (p) => AD_PLAN_CALLS.pause(p.id, '1'),
  resume: (p) => AD_PLAN_CALLS.pause(p.id, '0'),
  copy: (p) => `${AD_PLAN_CALLS.copy}?id=${encodeURIComponent(p.id)}`,
};

/** A plan move reloads the plans and the ad parking lots (their counts follow the states). */
const SERVICES = [adPlanContract.service, `${ADVERT}/park`] as const;

function moveDialog(move: Move) {
  return function PlanMoveDialog({ rows, onClose }: ActionDialogProps<AdPlan>) {
    const t = useT();
    const lang = useLang();
    const [post] = useIdempotentPostMutation();
    const send = useSendOnce((path: string, idempotencyKey: string) =>
      post({ path, body: {}, idempotencyKey, services: SERVICES }).unwrap(),
    );
    const plan = rows[0];
    if (!plan) return null;
    const submit = async (event: FormEvent) => {
      event.preventDefault();
      const outcome = await send.run(PATHS[move](plan));
      if (outcome.ok) {
        toast('success', t('messages.operationDone'));
        onClose(true);
      } else if (outcome.error !== undefined)
        toast('error', messageIn(lang, refusalMessage(outcome.error, t('errors.submitFailed'))));
    };
    return (
      <Modal
        opened
        onClose={() => !send.busy && onClose(false)}
        title={t(`adPlan.${move}` as MessageKey)}
      >
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <Text size="sm">
              {t(`adPlan.${move}.confirm` as MessageKey, { name: plan.planName })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => onClose(false)} disabled={send.busy}>
                {t('adPlan.cancel')}
              </Button>
              <Button type="submit" loading={send.busy} disabled={send.busy} data-autofocus>
                {t('adPlan.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    );
  };
}

export const StartPlanDialog = moveDialog('start');
export const EndPlanDialog = moveDialog('end');
export const PausePlanDialog = moveDialog('pause');
export const ResumePlanDialog = moveDialog('resume');
export const CopyPlanDialog = moveDialog('copy');
