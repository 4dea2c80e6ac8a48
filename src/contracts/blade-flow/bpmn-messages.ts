import { knownMessages, knownShapes, type MessagePair } from '../server-messages';

/**
 * Why the server refuses a BPMN model (server/services/blade-flow/bpmn/check.ts), zh as answered
 * and en for the console. `{part}` is filled in by the server (an element's type or id, an
 * expression); registered as shapes, so the console shows them in en with the parts.
 */
export const BPMN_REFUSALS = {
  tooLarge: { zh: 'BPMN文件不能超过1MB', en: 'A BPMN file may not exceed 1 MB' },
  external: {
    zh: 'BPMN文件不能包含DOCTYPE、实体声明或外部引用',
    en: 'A BPMN file may not contain a DOCTYPE, entity declarations or external references',
  },
  notBpmn: { zh: '文件不是BPMN 2.0流程定义', en: 'The file is not a BPMN 2.0 definition' },
  noProcess: {
    zh: 'BPMN文件中没有可执行的流程',
    en: 'The BPMN file has no executable process',
  },
} as const satisfies Record<string, MessagePair>;

/** Refusals naming a part of the model. */
export const BPMN_REFUSAL_SHAPES = {
  unreadable: { zh: 'BPMN文件解析失败：{detail}', en: 'The BPMN file cannot be read: {detail}' },
  unsupported: {
    zh: '不支持的流程元素：{type}（{id}）',
    en: 'Unsupported model element: {type} ({id})',
  },
  scriptTask: { zh: '不支持脚本任务：{id}', en: 'Script tasks are not supported: {id}' },
  serviceTask: { zh: '不支持服务任务：{id}', en: 'Service tasks are not supported: {id}' },
  listener: {
    zh: '不支持脚本监听器：{id}',
    en: 'Script and class listeners are not supported: {id}',
  },
  expression: {
    zh: '不支持的表达式：{expression}（{id}）',
    en: 'Unsupported expression: {expression} ({id})',
  },
  timer: {
    zh: '定时器须为时长（如PT5M）或时间点，不支持循环：{id}',
    en: 'A timer must be a duration (such as PT5M) or a date, not a cycle: {id}',
  },
  processKey: {
    zh: '流程标识须以字母或_开头，只能包含字母、数字、_和-，最长64位：{id}',
    en: 'A process id starts with a letter or _, holds letters, digits, _ and - only, at most 64: {id}',
  },
  duplicateKey: { zh: '流程标识重复：{id}', en: 'Two processes have the id {id}' },
  nameTooLong: {
    zh: '名称不能超过100个字符：{id}',
    en: 'A name may not exceed 100 characters: {id}',
  },
  assignment: {
    zh: '处理人设置不合法：{id}',
    en: 'The assignee or candidates are not valid: {id}',
  },
} as const satisfies Record<string, MessagePair>;

/** A refusal of one of several uploaded files: the file named before the reason. */
export const FILE_REFUSAL = {
  zh: '文件{file}：{reason}',
  en: 'File {file}: {reason}',
} as const satisfies MessagePair;

knownMessages(...Object.values(BPMN_REFUSALS));
// The file's shape last: its reason is itself one of the others, translated as a part.
knownShapes(...Object.values(BPMN_REFUSAL_SHAPES), FILE_REFUSAL);
