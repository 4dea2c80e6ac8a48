import { Alert, Button, Center, Group, Loader, Modal, Stack } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useResourceOptionsQuery } from '../../api/resource';
import { refusalMessage, useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { toast } from '../../components/toast';
import {
  FLOW_MODEL_CALLS,
  flowModelContract,
  type FlowDeployAnswer,
  type FlowModel,
  type FlowModelDetail,
} from '../../contracts/blade-flow/model';
import { useLang, useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';
import {
  categoryError,
  DeployAnswerList,
  deployParams,
  DeployTargetFields,
  type DeployTarget,
} from './deploy-fields';
import { FlowDiagramDialog } from './flow-diagram-dialog';
import { modelDesignPath } from './flow-model-routes';

/** The lists a deployment changes: the definitions (manager) and the processes one may start. */
export const DEPLOY_REFRESHES = ['blade-flow/manager', 'blade-flow/work'] as const;

/** model/deploy's path with its query (the call takes no body). */
export const deployPath = (modelId: string, target: DeployTarget) =>
  `${FLOW_MODEL_CALLS.deploy}?${new URLSearchParams({ modelId, ...deployParams(target) }).toString()}`;

/**
 * Add and edit (buttons, `n`, `e`, the palette) open the modeller page, not a form: a model is
 * its diagram. Renders nothing; it navigates and closes.
 */
export function FlowModelDesignOpener({ rows, onClose }: ActionDialogProps<FlowModel>) {
  const navigate = useNavigate();
  const id = rows[0]?.id;
  useEffect(() => {
    navigate(modelDesignPath(id ?? 'new'));
    onClose(false);
  }, [id, navigate, onClose]);
  return null;
}

/**
 * 部署 (row action, flow_model_deploy): the category (and for the super administrator the
 * tenants), then model/deploy once; the definitions made (with their versions) are listed.
 */
export function DeployModelDialog({
  rows,
  onClose,
}: {
  rows: readonly Pick<FlowModel, 'id' | 'name' | 'modelKey'>[];
  onClose(changed?: boolean): void;
}) {
  const t = useT();
  const lang = useLang();
  const model = rows[0];
  const [target, setTarget] = useState<DeployTarget>({ category: '', tenantIds: [] });
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [answer, setAnswer] = useState<FlowDeployAnswer>();
  const [post] = useIdempotentPostMutation();
  const { run, busy } = useSendOnce((path: string, idempotencyKey: string) =>
    post({ path, body: {}, idempotencyKey, services: DEPLOY_REFRESHES }).unwrap(),
  );
  if (!model) return null;
  const invalid = categoryError(target.category, lang);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (invalid) return;
    setRefusal(undefined);
    const result = await run(deployPath(model.id, target));
    if (result.ok) {
      setAnswer(result.value as FlowDeployAnswer);
      toast('success', t('workflowDesign.deploy.done'));
    } else if (result.error) setRefusal(refusalMessage(result.error, t('errors.submitFailed')));
  };
  return (
    <Modal
      opened
      onClose={() => !busy && onClose(answer !== undefined)}
      title={t('workflowDesign.deploy.title', { name: model.name || model.modelKey })}
    >
      {answer ? (
        <Stack gap="md">
          <DeployAnswerList answer={answer} />
          <Group justify="flex-end">
            <Button onClick={() => onClose(true)} data-autofocus>
              {t('workflowDesign.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <DeployTargetFields
              value={target}
              onChange={(next) => {
                setTarget(next);
                setRefusal(undefined);
              }}
              error={checked ? invalid : undefined}
              disabled={busy}
            />
            {refusal && (
              <Alert color="red" role="alert">
                {refusal}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
                {t('workflowDesign.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('workflowDesign.deploy.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** 部署 as a row action of the model list. */
export function DeployModelRowDialog({ rows, onClose }: ActionDialogProps<FlowModel>) {
  return <DeployModelDialog rows={rows} onClose={onClose} />;
}

/**
 * 流程图 (row action): the model's own diagram (model-view shows definitions and instances
 * only, and a model need not be deployed), from its detail.
 */
export function ModelDiagramDialog({ rows, onClose }: ActionDialogProps<FlowModel>) {
  const t = useT();
  const model = rows[0];
  const detail = useResourceOptionsQuery({
    path: `${flowModelContract.service}/${flowModelContract.resolvedCalls.detail.path}`,
    params: { id: model?.id ?? '' },
  });
  const xml = (detail.data as FlowModelDetail | null | undefined)?.xml;
  if (!model) return null;
  if (typeof xml === 'string') {
    return (
      <FlowDiagramDialog
        source={{ xml }}
        subtitle={`${model.name}（${model.modelKey}）`}
        onClose={() => onClose(false)}
      />
    );
  }
  return (
    <Modal opened onClose={() => onClose(false)} title={t('workflowDesign.diagram.title')}>
      {detail.isError || detail.isSuccess ? (
        <Alert color="red" role="alert">
          {detail.isError
            ? refusalMessage(detail.error, t('workflowDesign.loadFailed'))
            : t('workflowDesign.diagram.noData')}
        </Alert>
      ) : (
        <Center h={120}>
          <Loader aria-label={t('workflowDesign.diagram.loading')} />
        </Center>
      )}
    </Modal>
  );
}
