import { describe, expect, it } from 'vitest';
import { diagramColours, type DiagramElement, type FlowEntry } from './diagram-colours';

/** start -> f1 -> approve -> f2 -> gateway -> f3 -> hr (current), f4 -> adjust (not reached). */
const elements: DiagramElement[] = [
  { id: 'leave', type: 'bpmn:Process' },
  { id: 'start', type: 'bpmn:StartEvent' },
  { id: 'start_label', type: 'label' },
  { id: 'f1', type: 'bpmn:SequenceFlow', sourceId: 'start', targetId: 'approve' },
  { id: 'approve', type: 'bpmn:UserTask' },
  { id: 'f2', type: 'bpmn:SequenceFlow', sourceId: 'approve', targetId: 'gateway' },
  { id: 'gateway', type: 'bpmn:ExclusiveGateway' },
  { id: 'f3', type: 'bpmn:SequenceFlow', sourceId: 'gateway', targetId: 'hr' },
  { id: 'hr', type: 'bpmn:UserTask' },
  { id: 'f4', type: 'bpmn:SequenceFlow', sourceId: 'gateway', targetId: 'adjust' },
  { id: 'adjust', type: 'bpmn:UserTask' },
  { id: 'timer', type: 'bpmn:IntermediateCatchEvent' },
  { id: 'note', type: 'bpmn:TextAnnotation' },
];
const done = (id: string): FlowEntry => ({ historyActivityId: id, endTime: '2026-11-29 09:00:00' });
const open = (id: string): FlowEntry => ({ historyActivityId: id, endTime: null });

describe('diagramColours', () => {
  it('colours finished nodes success, open ones primary, current tasks current', () => {
    const roles = diagramColours(
      elements,
      [done('start'), done('approve'), done('gateway'), open('hr'), open('timer')],
      ['hr'],
    );
    expect(roles.get('start')).toBe('success');
    expect(roles.get('approve')).toBe('success');
    expect(roles.get('gateway')).toBe('success');
    expect(roles.get('hr')).toBe('current');
    // Entered and open, but not a task waiting for a person: primary.
    expect(roles.get('timer')).toBe('primary');
    // Not reached, containers, labels and annotations keep the diagram's own colours.
    for (const id of ['adjust', 'leave', 'start_label', 'note']) expect(roles.has(id)).toBe(false);
  });

  it('colours the sequence flows taken warning, derived from the nodes when flow lists none', () => {
    const roles = diagramColours(
      elements,
      [done('start'), done('approve'), done('gateway'), open('hr')],
      ['hr'],
    );
    expect(['f1', 'f2', 'f3'].map((id) => roles.get(id))).toEqual([
      'warning',
      'warning',
      'warning',
    ]);
    expect(roles.has('f4')).toBe(false);
  });

  it('takes the sequence flows the server lists when it lists them', () => {
    const roles = diagramColours(
      elements,
      [done('start'), done('f1'), done('approve'), done('f2'), done('gateway'), open('hr')],
      ['hr'],
    );
    expect(roles.get('f1')).toBe('warning');
    expect(roles.get('f2')).toBe('warning');
    // Listed flows are the truth: f3 was not listed, so it is not coloured.
    expect(roles.has('f3')).toBe(false);
  });

  it('a node entered again and open (a loop back) is open, not finished', () => {
    const roles = diagramColours(elements, [done('approve'), open('approve')], []);
    expect(roles.get('approve')).toBe('primary');
  });

  it('a definition (no flow, no current) colours nothing', () => {
    expect(diagramColours(elements, [], []).size).toBe(0);
    expect(diagramColours(elements, null, undefined).size).toBe(0);
  });
});
