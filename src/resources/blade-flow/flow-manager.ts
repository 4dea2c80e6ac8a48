import type { ComponentType } from 'react';
import {
  FLOW_MANAGER_CALLS,
  flowDefinitionContract,
  type FlowDefinition,
} from '../../contracts/blade-flow/definition';
import { defineContractResource } from '../contract-resource';
import type { ActionDialogProps } from '../types';

const CHANGE_STATE = `${flowDefinitionContract.menu}_change_state`;
const stateParams = (state: 'active' | 'suspend') => (rows: readonly FlowDefinition[]) => ({
  processId: rows[0]!.id,
  state,
});

/**
 * 流程管理 (/flow/manager, issue 29 item 2): the deployed definitions with their state (激活 /
 * 挂起 tags from the contract's choices). A definition is suspended or activated, a deployment
 * deleted (its running instances are cancelled: the confirmation says so), the diagram shown.
 */
export default defineContractResource({
  contract: flowDefinitionContract,
  paging: 'generic',
  columns: [
    { field: 'processKey', width: 150 },
    { field: 'name', width: 180 },
    { field: 'category', width: 120 },
    { field: 'processVersion', kind: 'number', width: 90 },
    { field: 'suspended', width: 90 },
    { field: 'deploymentId', width: 180, hiddenByDefault: true },
    { field: 'resourceName', width: 200 },
    { field: 'deployTime', width: 170 },
  ],
  filters: ['processKey', 'name', 'category', 'suspended'],
  rowActions: [
    {
      id: 'suspend',
      label: { zh: '挂起', en: 'Suspend' },
      permission: CHANGE_STATE,
      when: (row) => Number(row.suspended) === 0,
      color: 'orange',
      call: {
        path: FLOW_MANAGER_CALLS.changeState,
        params: stateParams('suspend'),
        confirm: {
          zh: '确定挂起该流程？挂起后不能发起新流程，其任务也不能签收或办理。',
          en: 'Suspend this process? It cannot be started and its tasks cannot be claimed or completed while suspended.',
        },
        done: { zh: '挂起成功', en: 'Suspended' },
      },
    },
    {
      id: 'activate',
      label: { zh: '激活', en: 'Activate' },
      permission: CHANGE_STATE,
      when: (row) => Number(row.suspended) === 1,
      call: {
        path: FLOW_MANAGER_CALLS.changeState,
        params: stateParams('active'),
        confirm: { zh: '确定激活该流程？', en: 'Activate this process?' },
        done: { zh: '激活成功', en: 'Activated' },
      },
    },
    {
      id: 'deleteDeployment',
      label: { zh: '删除部署', en: 'Delete deployment' },
      permission: `${flowDefinitionContract.menu}_delete`,
      color: 'red',
      call: {
        path: FLOW_MANAGER_CALLS.deleteDeployment,
        params: (rows) => ({
          deploymentIds: [...new Set(rows.map((r) => r.deploymentId))].join(','),
        }),
        confirm: {
          zh: '确定删除该部署？其流程定义一并删除，运行中的流程实例将被取消。',
          en: 'Delete this deployment? Its process definitions go too and their running instances are cancelled.',
        },
        done: { zh: '删除成功', en: 'Deleted' },
      },
    },
    {
      id: 'diagram',
      label: { zh: '流程图', en: 'Diagram' },
      permission: flowDefinitionContract.codes.view ?? flowDefinitionContract.menu,
      readsOnly: true,
      dialog: (): Promise<{ default: ComponentType<ActionDialogProps<FlowDefinition>> }> =>
        import('./flow-diagram-dialog').then((m) => ({ default: m.DefinitionDiagramDialog })),
    },
  ],
  recordLabel: (row) => `${row.name || row.processKey} v${row.processVersion}`,
});
