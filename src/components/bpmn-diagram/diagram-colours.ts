/**
 * The colouring of a process diagram (spec section 4 item 11, the "Workflow" line of section 6):
 * finished nodes in the success colour, nodes entered and still open in primary, the sequence
 * flows taken in warning, the current tasks highlighted. Pure: the viewer chunk applies the
 * roles with the theme's colours (bpmn-canvas.tsx), tests check the rule here.
 */

/** One element of a rendered diagram (bpmn-js element registry), as far as colouring cares. */
export interface DiagramElement {
  id: string;
  /** The BPMN type, e.g. `bpmn:UserTask`, `bpmn:SequenceFlow`. */
  type: string;
  /** A connection's ends (sequence flows). */
  sourceId?: string | undefined;
  targetId?: string | undefined;
}

/** One activity entered by the instance (process/model-view `flow`); `endTime` null while open. */
export interface FlowEntry {
  historyActivityId: string;
  historyActivityType?: string | null | undefined;
  endTime?: string | null | undefined;
}

/** What process/model-view answers. */
export interface ModelView {
  xml: string;
  flow?: readonly FlowEntry[] | null | undefined;
  current?: readonly string[] | null | undefined;
}

export type DiagramRole = 'success' | 'primary' | 'warning' | 'current';

const SEQUENCE_FLOW = 'bpmn:SequenceFlow';

/** Elements that are not nodes of the process: containers, labels, the diagram root. */
const NOT_A_NODE = new Set([
  'bpmn:Process',
  'bpmn:Collaboration',
  'bpmn:Participant',
  'bpmn:Lane',
  'bpmn:TextAnnotation',
  'bpmn:Association',
  'label',
]);

/**
 * The role of each element that gets a colour; elements not entered keep the diagram's own.
 *
 * - a current task (`current`): `current` (highlighted: a marker class and a strong stroke);
 * - a node with a finished entry (`endTime` set): `success`; a node entered again and still
 *   open (a loop back to it) counts as open, so it is `primary`;
 * - a node entered and still open that is not a current task (a gateway or sub-process waiting,
 *   a timer): `primary`;
 * - a sequence flow the instance took: `warning`. Taken means listed in `flow` when the server
 *   lists sequence flows; when it lists none, a flow whose source finished and whose target was
 *   entered.
 */
export function diagramColours(
  elements: readonly DiagramElement[],
  flow: readonly FlowEntry[] | null | undefined,
  current: readonly string[] | null | undefined,
): Map<string, DiagramRole> {
  const entries = flow ?? [];
  const currentIds = new Set(current ?? []);
  const open = new Set<string>();
  const finished = new Set<string>();
  for (const entry of entries) {
    if (entry.endTime) finished.add(entry.historyActivityId);
    else open.add(entry.historyActivityId);
  }
  const entered = (id: string | undefined) =>
    id !== undefined && (open.has(id) || finished.has(id));
  const flowsListed = elements.some((e) => e.type === SEQUENCE_FLOW && entered(e.id));

  const roles = new Map<string, DiagramRole>();
  for (const element of elements) {
    if (NOT_A_NODE.has(element.type)) continue;
    if (element.type === SEQUENCE_FLOW) {
      const taken = flowsListed
        ? entered(element.id)
        : element.sourceId !== undefined &&
          finished.has(element.sourceId) &&
          entered(element.targetId);
      if (taken) roles.set(element.id, 'warning');
      continue;
    }
    if (currentIds.has(element.id)) roles.set(element.id, 'current');
    else if (open.has(element.id)) roles.set(element.id, 'primary');
    else if (finished.has(element.id)) roles.set(element.id, 'success');
  }
  return roles;
}

/** Stroke (and a light fill) per role, resolved from the theme by the caller. */
export type RolePalette = Readonly<Record<DiagramRole, { stroke: string; fill: string }>>;

/** The marker class a current task carries (styled in bpmn-diagram.css). */
export const CURRENT_MARKER = 'qy-bpmn-current';
