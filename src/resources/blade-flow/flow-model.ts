import type { ComponentType } from 'react';
import { flowModelContract, type FlowModel } from '../../contracts/blade-flow/model';
import { defineContractResource } from '../contract-resource';
import type { ActionDialogProps } from '../types';

type Dialog = ComponentType<ActionDialogProps<FlowModel>>;
const dialogs = () => import('./flow-model-dialogs');
/** One named dialog of flow-model-dialogs.tsx, loaded on first use. */
const dialog =
  (pick: (m: Awaited<ReturnType<typeof dialogs>>) => Dialog) => (): Promise<{ default: Dialog }> =>
    dialogs().then((m) => ({ default: pick(m) }));

/**
 * 模型设计 (/flow/model, issue 29 item 1): the models as designed. Add and edit open the
 * modeller page (/flow/model/design/:id) instead of a form; deploy asks for the category; the
 * diagram shows the model's own XML.
 */
export default defineContractResource({
  contract: flowModelContract,
  paging: 'generic',
  columns: [
    { field: 'modelKey', width: 160 },
    { field: 'name', width: 200 },
    { field: 'description', width: 240 },
    { field: 'version', kind: 'number', width: 80 },
    { field: 'createTime', width: 170 },
    { field: 'updateTime', width: 170 },
  ],
  filters: ['modelKey', 'name'],
  formDialog: dialog((m) => m.FlowModelDesignOpener),
  rowActions: [
    {
      id: 'deploy',
      label: { zh: '部署', en: 'Deploy' },
      permission: 'flow_model_deploy',
      dialog: dialog((m) => m.DeployModelRowDialog),
    },
    {
      id: 'diagram',
      label: { zh: '流程图', en: 'Diagram' },
      permission: flowModelContract.codes.view ?? flowModelContract.menu,
      readsOnly: true,
      dialog: dialog((m) => m.ModelDiagramDialog),
    },
  ],
  recordLabel: (model) => `${model.name}（${model.modelKey}）`,
});
