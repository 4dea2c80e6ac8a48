import { skipToken } from '@reduxjs/toolkit/query';
import { useResourceOptionsQuery } from '../../api/resource';
import { BpmnDiagramDialog } from '../../components/bpmn-diagram/bpmn-diagram-dialog';
import type { ModelView } from '../../components/bpmn-diagram/diagram-colours';
import { PROCESS_CALLS } from '../../contracts/blade-flow/instance';
import { useT } from '../../state/hooks';

/**
 * What a diagram shows: a running or finished instance, a deployed definition (both through
 * process/model-view), or a model's own XML (the model list: model-view takes definitions and
 * instances only, and a model need not be deployed).
 */
export type DiagramSource =
  { processInstanceId: string } | { processDefinitionId: string } | { xml: string };

const isModelView = (data: unknown): data is ModelView =>
  typeof data === 'object' && data !== null && typeof (data as ModelView).xml === 'string';

/**
 * 流程图展示 for an instance, a definition or a model's XML: loads process/model-view and shows
 * it in the bpmn-js viewer with the spec's colouring. Used by the design screens and by the task
 * screens (features/workflow-tasks) for instances.
 */
export function FlowDiagramDialog({
  source,
  subtitle,
  onClose,
}: {
  source: DiagramSource;
  subtitle?: string;
  onClose(): void;
}) {
  const t = useT();
  // Asked afresh each time the dialog opens: another user's step since the last look (kept
  // in the cache a minute) must show in the colouring.
  const query = useResourceOptionsQuery(
    'xml' in source ? skipToken : { path: PROCESS_CALLS.modelView, params: source },
    { refetchOnMountOrArgChange: true },
  );
  const view: ModelView | undefined =
    'xml' in source ? { xml: source.xml, flow: [], current: [] } : undefined;
  const loaded = isModelView(query.data) ? query.data : undefined;
  const error = query.isError
    ? ((query.error as { message?: string } | undefined)?.message ?? t('workflowDesign.loadFailed'))
    : query.isSuccess && !loaded
      ? t('workflowDesign.diagram.noData')
      : undefined;
  return (
    <BpmnDiagramDialog view={view ?? loaded} error={error} subtitle={subtitle} onClose={onClose} />
  );
}

/** 流程图 (row action of the manager list): a deployed definition's diagram. */
export function DefinitionDiagramDialog({
  rows,
  onClose,
}: {
  rows: readonly { id: string; name: string; processKey: string; processVersion: number }[];
  onClose(changed?: boolean): void;
}) {
  const row = rows[0];
  if (!row) return null;
  return (
    <FlowDiagramDialog
      source={{ processDefinitionId: row.id }}
      subtitle={`${row.name || row.processKey}（${row.processKey}）v${row.processVersion}`}
      onClose={() => onClose(false)}
    />
  );
}
