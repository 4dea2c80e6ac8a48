import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';
import './bpmn-messages';

/** The workflow service (spec.md section 7: blade-flow). */
export const FLOW_SERVICE = 'blade-flow';

/**
 * A BPMN model as designed (issue 29 item 1, /flow/model): its XML is checked by the server on
 * every save (server/services/blade-flow/bpmn/check.ts) and edited on the modeller page
 * (/flow/model/design/:id). The list does not carry the XML; the detail does (FlowModelDetail).
 * `version` is the optimistic lock: a submit sends it back, a stale one is 409.
 */
export interface FlowModel {
  id: string;
  modelKey: string;
  name: string;
  description: string | null;
  version: number;
  createTime: string;
  updateTime: string;
}

/** GET blade-flow/model/detail?id=: the row and its BPMN XML. */
export interface FlowModelDetail extends FlowModel {
  xml: string;
}

/** The submit: the row's fields, the XML (a new model without one gets a blank diagram). */
export interface FlowModelSubmit {
  id?: string;
  version?: number;
  modelKey: string;
  name: string;
  description?: string | null;
  xml?: string;
}

export const flowModelContract = defineContract<FlowModel>()({
  service: `${FLOW_SERVICE}/model`,
  route: '/flow/model',
  title: { zh: '流程模型', en: 'Process model' },
  menu: 'flow_model',
  buttons: ['add', 'edit', 'delete', 'view'],
  fields: {
    modelKey: {
      label: { zh: '模型标识', en: 'Model key' },
      required: { zh: '请输入模型标识', en: 'Please enter the model key' },
      maxLength: 64,
      pattern: {
        regex: /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/,
        message: {
          zh: '模型标识须以字母或_开头，只能包含字母、数字、_和-',
          en: 'Starts with a letter or _; letters, digits, _ and - only',
        },
      },
      unique: { zh: '模型标识已存在', en: 'Another model has this key' },
      filter: 'like',
      sortable: true,
    },
    name: {
      label: { zh: '模型名称', en: 'Model name' },
      required: { zh: '请输入模型名称', en: 'Please enter the model name' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
    },
    description: { label: { zh: '模型描述', en: 'Description' }, maxLength: 500 },
    version: { label: { zh: '版本', en: 'Version' }, kind: 'integer', readOnly: true },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
    updateTime: {
      label: { zh: '更新时间', en: 'Updated' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});

/** The model screen's own calls beside the engine's (relative to /api). */
export const FLOW_MODEL_CALLS = {
  /** POST ?modelId=&category=&tenantIds= (button flow_model_deploy): answers FlowDeployAnswer. */
  deploy: `${FLOW_SERVICE}/model/deploy`,
} as const;

/** What a deploy answers (model/deploy and manager/deploy-upload). */
export interface FlowDeployAnswer {
  deploymentId: string;
  definitions: { id: string; processKey: string; processVersion: number; name: string }[];
  /** One per tenant deployed into (the first is the answer's own deploymentId and definitions). */
  deployments: {
    tenantId: string;
    deploymentId: string;
    definitions: FlowDeployAnswer['definitions'];
  }[];
}

/** Refusals of the model and deploy calls beside the field checks. */
export const FLOW_MODEL_REFUSALS = {
  categoryRequired: { zh: '请输入流程分类', en: 'Please enter the process category' },
  categoryTooLong: {
    zh: '流程分类不能超过64个字符',
    en: 'The category may not exceed 64 characters',
  },
  tenantMissing: { zh: '租户不存在', en: 'The tenant does not exist' },
  otherTenants: {
    zh: '只有超级管理员可以部署到其他租户',
    en: 'Only the super administrator may deploy to other tenants',
  },
  modelMissing: { zh: '模型不存在', en: 'The model does not exist' },
} as const;

knownMessages(...Object.values(FLOW_MODEL_REFUSALS));
