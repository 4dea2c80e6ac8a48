import { BpmnModdle } from 'bpmn-moddle';
import {
  BPMN_REFUSALS,
  BPMN_REFUSAL_SHAPES,
} from '../../../../src/contracts/blade-flow/bpmn-messages.js';
import {
  looksLikeExpression,
  parseExpression,
  type FlowExpression,
} from '../../../../src/contracts/blade-flow/expression.js';
import { fillText } from '../../../../src/contracts/server-texts.js';
import { badInput } from '../../../lib/errors.js';

/**
 * The BPMN check (issue 29 item 1): what a model may hold before it is saved or deployed. The
 * raw text is refused first (size, DOCTYPE / entities / external references, XInclude, imports
 * with a location), before any parser sees it; then bpmn-moddle parses it, every warning is an
 * error, every element's type must be one the engine runs (ALLOWED), scripts, service tasks and
 * listeners are refused by name, and every expression must be of the shared grammar
 * (src/contracts/blade-flow/expression.ts). What the engine needs of it is answered: each
 * executable process with its user tasks' assignment rules and who may start it, read from the
 * `flowable:` / `activiti:` / `camunda:` attributes (any prefix: by local name).
 */

export interface ParsedUserTask {
  name: string;
  assignee: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
}

export interface ParsedProcess {
  key: string;
  name: string;
  description: string | null;
  userTasks: Record<string, ParsedUserTask>;
  starters: { users: string[]; groups: string[] };
}

export interface ParsedBpmn {
  processes: ParsedProcess[];
}

/** 1 MB, in bytes of UTF-8. */
export const BPMN_MAX_BYTES = 1024 * 1024;

/** Process keys as stored (blade_flow_definition.process_key varchar(64)). */
export const PROCESS_KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/** Element types the engine runs or the diagram draws. */
const ALLOWED = new Set([
  'bpmn:Definitions',
  'bpmn:Process',
  'bpmn:Collaboration',
  'bpmn:Participant',
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ManualTask',
  'bpmn:Task',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:InclusiveGateway',
  'bpmn:SequenceFlow',
  'bpmn:FormalExpression',
  'bpmn:Expression',
  'bpmn:IntermediateCatchEvent',
  'bpmn:BoundaryEvent',
  'bpmn:TimerEventDefinition',
  'bpmn:SubProcess',
  'bpmn:TextAnnotation',
  'bpmn:Association',
  'bpmn:LaneSet',
  'bpmn:Lane',
  'bpmn:Documentation',
  'bpmn:ExtensionElements',
  'bpmndi:BPMNDiagram',
  'bpmndi:BPMNPlane',
  'bpmndi:BPMNShape',
  'bpmndi:BPMNEdge',
  'bpmndi:BPMNLabel',
  'bpmndi:BPMNLabelStyle',
  'dc:Bounds',
  'dc:Point',
  'dc:Font',
]);

/** Extension elements refused by local name: anything that runs code. */
const CODE_EXTENSION = /(listener|script|field|delegate|class|expression)$/i;

/** Attributes (by local name) that run code in Flowable / Activiti / Camunda. */
const CODE_ATTRIBUTE = new Set([
  'class',
  'expression',
  'delegateexpression',
  'resultvariable',
  'type',
  'script',
  'scriptformat',
  'resource',
]);

const refuse = (message: string): never => {
  throw badInput(message);
};
const shaped = (key: keyof typeof BPMN_REFUSAL_SHAPES, parts: Record<string, string>): never =>
  refuse(fillText(BPMN_REFUSAL_SHAPES[key].zh, parts));

/** The raw text's refusals, before any parser sees it. */
function checkRawText(xml: string): void {
  if (Buffer.byteLength(xml, 'utf8') > BPMN_MAX_BYTES) refuse(BPMN_REFUSALS.tooLarge.zh);
  if (
    /<!DOCTYPE/i.test(xml) ||
    /<!ENTITY/i.test(xml) ||
    /\bSYSTEM\s*["']/.test(xml) ||
    /\bPUBLIC\s*["']/.test(xml) ||
    /<[\w.-]+:include\b/i.test(xml) ||
    /http:\/\/www\.w3\.org\/2001\/XInclude/i.test(xml) ||
    /<([\w.-]+:)?import\b[^>]*\blocation\s*=/i.test(xml)
  )
    refuse(BPMN_REFUSALS.external.zh);
  if (!/<([\w.-]+:)?definitions\b/.test(xml)) refuse(BPMN_REFUSALS.notBpmn.zh);
}

/** A moddle element, as far as the check reads it. */
interface Element {
  readonly $type: string;
  readonly $attrs?: Record<string, unknown>;
  readonly $parent?: Element;
  readonly id?: string;
  readonly name?: string;
  [key: string]: unknown;
}

const isElement = (value: unknown): value is Element =>
  typeof value === 'object' && value !== null && typeof (value as Element).$type === 'string';

/** `flowable:assignee` -> 'assignee' (xmlns declarations are not attributes). */
function extensionAttributes(element: Element): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(element.$attrs ?? {})) {
    if (name === 'xmlns' || name.startsWith('xmlns:') || name.startsWith('xsi:')) continue;
    const colon = name.indexOf(':');
    if (colon < 0) continue;
    out.set(name.slice(colon + 1).toLowerCase(), String(value));
  }
  return out;
}

/** The id to name in a refusal: the element's, else its nearest ancestor's. */
function idOf(element: Element): string {
  for (let at: Element | undefined = element; at; at = at.$parent)
    if (typeof at.id === 'string' && at.id) return at.id;
  return element.$type;
}

function checkExpression(text: string, element: Element, varOnly = false): FlowExpression {
  const parsed = parseExpression(text);
  if (!parsed || (varOnly && parsed.kind !== 'var'))
    shaped('expression', { expression: text.trim().slice(0, 100), id: idOf(element) });
  return parsed!;
}

/** Every element of the tree once (references point back into it: visited once). */
function walk(root: Element, visit: (element: Element) => void): void {
  const seen = new Set<Element>();
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (seen.has(element)) continue;
    seen.add(element);
    visit(element);
    for (const key of Object.keys(element)) {
      // A generic (extension) element keeps its children in `$children`.
      if (key.startsWith('$') && key !== '$children') continue;
      const value = element[key];
      if (Array.isArray(value)) {
        for (const item of value) if (isElement(item)) stack.push(item);
      } else if (isElement(value)) stack.push(value);
    }
  }
}

/** A comma list as written (blank entries dropped). */
const commaList = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** A user named in a model: `${var}`, an account or a user id. */
const USER_REF = /^[\w.@-]{1,64}$/;
/** A group: a role alias, `role:<id>` or `dept:<id>`. */
const GROUP_REF = /^((role|dept):)?[\w.-]{1,64}$/;

function checkPeople(list: string[], pattern: RegExp, element: Element): void {
  for (const entry of list) {
    if (looksLikeExpression(entry)) checkExpression(entry, element, true);
    else if (!pattern.test(entry)) shaped('assignment', { id: idOf(element) });
  }
}

/** ISO 8601 durations (P1D, PT5M, P1DT2H30M) and date-times. */
const DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function checkTimer(definition: Element): void {
  const body = (key: string) => {
    const value = definition[key];
    return isElement(value) ? String(value['body'] ?? '').trim() : undefined;
  };
  const duration = body('timeDuration');
  const date = body('timeDate');
  const ok =
    body('timeCycle') === undefined &&
    (duration !== undefined) !== (date !== undefined) &&
    (duration !== undefined
      ? DURATION.test(duration) || looksLikeExpression(duration)
      : DATE_TIME.test(date!) || looksLikeExpression(date!));
  if (!ok) shaped('timer', { id: idOf(definition) });
  const text = duration ?? date!;
  if (looksLikeExpression(text)) checkExpression(text, definition, true);
}

/** Checks one element by its type (the allowlist, code, expressions, timers). */
function checkElement(element: Element): void {
  const type = element.$type;
  const id = idOf(element);
  if (type === 'bpmn:ScriptTask') shaped('scriptTask', { id });
  if (type === 'bpmn:ServiceTask' || type === 'bpmn:SendTask' || type === 'bpmn:BusinessRuleTask')
    shaped('serviceTask', { id });
  if (!ALLOWED.has(type)) {
    const local = type.slice(type.indexOf(':') + 1);
    if (type.startsWith('bpmn:') || type.startsWith('bpmndi:') || type.startsWith('dc:'))
      shaped('unsupported', { type: local, id });
    // An extension element (generic, any namespace): only ones that run no code.
    if (CODE_EXTENSION.test(local)) shaped('listener', { id });
  }
  const attributes = extensionAttributes(element);
  for (const [name, value] of attributes) {
    if (CODE_ATTRIBUTE.has(name) && type !== 'bpmn:Definitions') shaped('listener', { id });
    if (looksLikeExpression(value)) checkExpression(value, element);
  }
  if (type === 'bpmn:FormalExpression' || type === 'bpmn:Expression') {
    const body = String(element['body'] ?? '').trim();
    if (element['language'] !== undefined || attributes.has('language'))
      shaped('scriptTask', { id });
    const parent = element.$parent;
    const inTimer = parent?.$type === 'bpmn:TimerEventDefinition';
    if (!inTimer && body) checkExpression(body, element);
  }
  if (type === 'bpmn:TimerEventDefinition') checkTimer(element);
  if (
    [
      'bpmn:StartEvent',
      'bpmn:EndEvent',
      'bpmn:IntermediateCatchEvent',
      'bpmn:BoundaryEvent',
    ].includes(type)
  ) {
    const definitions = (element['eventDefinitions'] as Element[] | undefined) ?? [];
    const timerOnly = type === 'bpmn:IntermediateCatchEvent' || type === 'bpmn:BoundaryEvent';
    const ok = timerOnly
      ? definitions.length === 1 && definitions[0]!.$type === 'bpmn:TimerEventDefinition'
      : definitions.length === 0;
    if (!ok) shaped('unsupported', { type: type.slice(5), id });
  }
  if (type === 'bpmn:SubProcess' && element['triggeredByEvent'] === true)
    shaped('unsupported', { type: 'SubProcess', id });
  if (type === 'bpmn:Participant' || type === 'bpmn:Collaboration') {
    if (((element['messageFlows'] as unknown[] | undefined) ?? []).length > 0)
      shaped('unsupported', { type: 'MessageFlow', id });
  }
  if (typeof element.name === 'string' && element.name.length > 100 && type !== 'bpmn:Definitions')
    shaped('nameTooLong', { id });
}

/** The user tasks of a process and of its sub processes. */
function userTasksOf(process: Element): Record<string, ParsedUserTask> {
  const tasks: Record<string, ParsedUserTask> = {};
  const visit = (container: Element) => {
    for (const node of (container['flowElements'] as Element[] | undefined) ?? []) {
      if (node.$type === 'bpmn:SubProcess') visit(node);
      if (node.$type !== 'bpmn:UserTask') continue;
      const attributes = extensionAttributes(node);
      const assignee = attributes.get('assignee')?.trim() || null;
      const candidateUsers = commaList(attributes.get('candidateusers'));
      const candidateGroups = commaList(attributes.get('candidategroups'));
      if (assignee) checkPeople([assignee], USER_REF, node);
      checkPeople(candidateUsers, USER_REF, node);
      checkPeople(candidateGroups, GROUP_REF, node);
      tasks[node.id!] = { name: node.name || node.id!, assignee, candidateUsers, candidateGroups };
    }
  };
  visit(process);
  return tasks;
}

function documentationOf(process: Element): string | null {
  const docs = (process['documentation'] as Element[] | undefined) ?? [];
  const text = docs
    .map((doc) => String(doc['text'] ?? '').trim())
    .filter(Boolean)
    .join('\n');
  return text ? text.slice(0, 500) : null;
}

let moddle: BpmnModdle | undefined;

/**
 * Checks a BPMN 2.0 XML text and reads its executable processes; refuses (400, zh) anything the
 * engine does not run or that could reach outside the model.
 */
export async function checkBpmn(xml: string): Promise<ParsedBpmn> {
  if (typeof xml !== 'string' || !xml.trim()) refuse(BPMN_REFUSALS.notBpmn.zh);
  checkRawText(xml);
  moddle ??= new BpmnModdle();
  let root: Element;
  try {
    const result = await moddle.fromXML(xml, 'bpmn:Definitions');
    const warning = result.warnings[0];
    if (warning) {
      const detail = String(warning.message).split('\n')[0]!.slice(0, 120);
      shaped('unreadable', { detail });
    }
    root = result.rootElement as unknown as Element;
  } catch (error) {
    if (error instanceof Error && error.name === 'InputRefusal') throw error;
    return refuse(BPMN_REFUSALS.notBpmn.zh);
  }
  if (root.$type !== 'bpmn:Definitions') refuse(BPMN_REFUSALS.notBpmn.zh);
  walk(root, checkElement);

  const processes: ParsedProcess[] = [];
  for (const element of (root['rootElements'] as Element[] | undefined) ?? []) {
    if (element.$type !== 'bpmn:Process' || element['isExecutable'] !== true) continue;
    const key = element.id ?? '';
    if (!PROCESS_KEY.test(key)) shaped('processKey', { id: key || '-' });
    if (processes.some((process) => process.key === key)) shaped('duplicateKey', { id: key });
    const attributes = extensionAttributes(element);
    const starters = {
      users: commaList(attributes.get('candidatestarterusers')),
      groups: commaList(attributes.get('candidatestartergroups')),
    };
    checkPeople(starters.users, USER_REF, element);
    checkPeople(starters.groups, GROUP_REF, element);
    processes.push({
      key,
      name: (element.name?.trim() || key).slice(0, 100),
      description: documentationOf(element),
      userTasks: userTasksOf(element),
      starters,
    });
  }
  if (processes.length === 0) refuse(BPMN_REFUSALS.noProcess.zh);
  return { processes };
}
