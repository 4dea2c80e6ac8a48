import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';
import { FLOW_SERVICE } from './model';

/**
 * A deployed process definition (issue 29 item 2, /flow/manager): written only by a deploy
 * (model/deploy, manager/deploy-upload), so every field is read-only; its id is the routes'
 * processDefinitionId. `suspended` 1 refuses starts and task actions.
 */
export interface FlowDefinition {
  id: string;
  processKey: string;
  name: string;
  category: string;
  processVersion: number;
  deploymentId: string;
  resourceName: string;
  suspended: number;
  deployTime: string;
}

export const flowDefinitionContract = defineContract<FlowDefinition>()({
  service: `${FLOW_SERVICE}/manager`,
  route: '/flow/manager',
  title: { zh: '流程定义', en: 'Process definition' },
  menu: 'flow_manager',
  buttons: ['view'],
  fields: {
    processKey: {
      label: { zh: '流程标识', en: 'Process key' },
      readOnly: true,
      filter: 'like',
      sortable: true,
    },
    name: { label: { zh: '流程名称', en: 'Process name' }, readOnly: true, filter: 'like' },
    category: {
      label: { zh: '流程分类', en: 'Category' },
      readOnly: true,
      filter: 'equal',
      sortable: true,
    },
    processVersion: {
      label: { zh: '流程版本', en: 'Version' },
      kind: 'integer',
      readOnly: true,
      sortable: true,
    },
    deploymentId: { label: { zh: '部署编号', en: 'Deployment' }, readOnly: true },
    resourceName: { label: { zh: '资源名称', en: 'Resource' }, readOnly: true },
    suspended: {
      label: { zh: '状态', en: 'State' },
      kind: 'integer',
      readOnly: true,
      choices: {
        0: { zh: '激活', en: 'Active', color: 'green' },
        1: { zh: '挂起', en: 'Suspended', color: 'orange' },
      },
      filter: 'equal',
    },
    deployTime: {
      label: { zh: '部署时间', en: 'Deployed' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});

/** The manager's and the deploy screen's own calls (relative to /api). */
export const FLOW_MANAGER_CALLS = {
  /** POST ?processId=&state=active|suspend (button flow_manager_change_state). */
  changeState: `${FLOW_SERVICE}/manager/change-state`,
  /** POST ?deploymentIds= (button flow_manager_delete): cancels their running instances. */
  deleteDeployment: `${FLOW_SERVICE}/manager/delete-deployment`,
  /**
   * POST multipart (button flow_deploy_deploy): category, tenantIds, files (.bpmn or
   * .bpmn20.xml, at most 10, each at most 1 MB); answers FlowDeployAnswer (model.ts).
   */
  deployUpload: `${FLOW_SERVICE}/manager/deploy-upload`,
} as const;

/** The deploy screen's limits (the server refuses beyond them). */
export const DEPLOY_UPLOAD_LIMITS = { files: 10, bytesPerFile: 1024 * 1024 } as const;

export const FLOW_MANAGER_REFUSALS = {
  badState: { zh: '状态须为active或suspend', en: 'The state must be active or suspend' },
  alreadyActive: { zh: '流程已是激活状态', en: 'The process is already active' },
  alreadySuspended: { zh: '流程已是挂起状态', en: 'The process is already suspended' },
  noFiles: { zh: '请选择要部署的BPMN文件', en: 'Please choose the BPMN files to deploy' },
  tooManyFiles: { zh: '一次最多部署10个文件', en: 'At most 10 files per deployment' },
  badExtension: {
    zh: '只能上传.bpmn或.bpmn20.xml文件',
    en: 'Only .bpmn and .bpmn20.xml files can be deployed',
  },
  deleteReason: { zh: '部署已删除', en: 'The deployment was deleted' },
} as const;

knownMessages(...Object.values(FLOW_MANAGER_REFUSALS));
