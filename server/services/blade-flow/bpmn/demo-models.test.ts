import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkBpmn } from './check.js';
import { LEAVE_BPMN, PURCHASE_BPMN } from './demo-models.js';

describe('the demo BPMN models', () => {
  it('keeps leave.bpmn20.xml (for download and upload) the same as the seeded text', () => {
    const file = readFileSync(new URL('./leave.bpmn20.xml', import.meta.url), 'utf8');
    expect(file).toBe(LEAVE_BPMN);
  });

  it('reads the leave model as the wire describes it', async () => {
    const { processes } = await checkBpmn(LEAVE_BPMN);
    expect(processes).toEqual([
      {
        key: 'leave',
        name: '请假流程',
        description: expect.stringContaining('部门审批') as unknown as string,
        userTasks: {
          deptApprove: {
            name: '部门审批',
            assignee: '${taskUser}',
            candidateUsers: [],
            candidateGroups: [],
          },
          hrApprove: {
            name: '人事审批',
            assignee: null,
            candidateUsers: [],
            candidateGroups: ['finance', 'admin'],
          },
          adjust: {
            name: '调整申请',
            assignee: '${applyUser}',
            candidateUsers: [],
            candidateGroups: [],
          },
        },
        starters: { users: [], groups: [] },
      },
    ]);
  });

  it('draws every node and flow of both models (BPMN DI), so bpmn-js can show them', () => {
    for (const xml of [LEAVE_BPMN, PURCHASE_BPMN]) {
      const ids = [...xml.matchAll(/<bpmn:(?:\w+) id="([^"]+)"/g)]
        .map((m) => m[1]!)
        .filter((id) => !/^(Definitions_|leave$|purchase$)/.test(id));
      const drawn = new Set([...xml.matchAll(/bpmnElement="([^"]+)"/g)].map((m) => m[1]!));
      for (const id of ids) expect(drawn, id).toContain(id);
    }
  });

  it('reads the purchase model: two candidate-group steps', async () => {
    const { processes } = await checkBpmn(PURCHASE_BPMN);
    expect(processes[0]!.key).toBe('purchase');
    expect(Object.values(processes[0]!.userTasks).map((task) => task.candidateGroups)).toEqual([
      ['operator', 'admin'],
      ['finance', 'admin'],
    ]);
  });
});
