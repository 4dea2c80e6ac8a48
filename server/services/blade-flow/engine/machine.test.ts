import { describe, expect, it } from 'vitest';
import { parseExpression } from '../../../../src/contracts/blade-flow/expression.js';
import { evaluate, flowExpressions, resolveText } from './expressions.js';
import { runStep } from './machine.js';

/** The engine step in memory: the expression grammar only, timers recorded and never run. */

const BOUNDARY = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" targetNamespace="t">
  <process id="p" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="task" />
    <userTask id="task" name="审批" />
    <boundaryEvent id="late" attachedToRef="task"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>
    <sequenceFlow id="f2" sourceRef="task" targetRef="gw" />
    <exclusiveGateway id="gw" />
    <sequenceFlow id="f3" sourceRef="gw" targetRef="big"><conditionExpression xsi:type="tFormalExpression">\${amount &gt; 1000}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f4" sourceRef="gw" targetRef="end"><conditionExpression xsi:type="tFormalExpression">\${amount &lt;= 1000}</conditionExpression></sequenceFlow>
    <userTask id="big" name="大额审批" />
    <sequenceFlow id="f5" sourceRef="big" targetRef="end" />
    <sequenceFlow id="f6" sourceRef="late" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

describe('workflow expressions', () => {
  const vars = { pass: true, days: 3, kind: 'annual', text: '5' };
  const ev = (text: string) => evaluate(parseExpression(text)!, vars);

  it('evaluates the grammar against the variables', () => {
    expect(ev('${pass}')).toBe(true);
    expect(ev('${!pass}')).toBe(false);
    expect(ev('${days > 2}')).toBe(true);
    expect(ev('${days <= 2}')).toBe(false);
    expect(ev("${kind == 'annual'}")).toBe(true);
    expect(ev('${kind != "sick"}')).toBe(true);
    expect(ev('${text >= 5}')).toBe(true);
    expect(ev('${missing}')).toBeUndefined();
    expect(ev('${!missing}')).toBe(true);
    expect(ev('${kind > 3}')).toBe(false);
  });

  it('passes plain text and refuses anything outside the grammar (no JavaScript)', () => {
    expect(resolveText('PT1S', vars)).toBe('PT1S');
    expect(() => resolveText('${process.exit()}', vars)).toThrow(/unsupported expression/);
    expect(() => resolveText('${a + b}', vars)).toThrow();
    const handler = flowExpressions(vars);
    expect(handler.isExpression('${pass}')).toBe(true);
    expect(handler.hasExpression('x ${y}')).toBe(true);
    expect(handler.resolveExpression('${constructor}')).toBeUndefined();
  });
});

describe('an engine step', () => {
  it('records a boundary timer instead of running it, and resumes from the saved state', async () => {
    const before = Date.now();
    const first = await runStep({ name: 'i1', xml: BOUNDARY, saved: null, variables: {} });
    expect(first.completed).toBe(false);
    expect(first.waits).toEqual([{ activityId: 'task', name: '审批' }]);
    expect(first.timers).toHaveLength(1);
    expect(first.timers[0]!.activityId).toBe('late');
    expect(first.timers[0]!.dueAt).toBeGreaterThanOrEqual(before + 3600_000);
    expect(first.events.filter((e) => e.kind === 'start').map((e) => e.activityId)).toEqual([
      'start',
      'late',
      'task',
    ]);

    const saved = JSON.parse(JSON.stringify(first.state)) as typeof first.state;
    const second = await runStep({
      name: 'i1',
      xml: BOUNDARY,
      saved,
      variables: { ...saved.variables, amount: 5000 },
      drive: (execution) => execution.signal({ id: 'task' }),
    });
    expect(second.waits.map((w) => w.activityId)).toEqual(['big']);
    // The boundary timer was left with its task: not armed any more.
    expect(second.timers).toEqual([]);
    expect(second.state.variables).toMatchObject({ amount: 5000 });

    const third = await runStep({
      name: 'i1',
      xml: BOUNDARY,
      saved: second.state,
      variables: second.state.variables,
      drive: (execution) => execution.signal({ id: 'big' }),
    });
    expect(third.completed).toBe(true);
    expect(third.current).toEqual([]);
  });

  it('rejects a step the model cannot take (no flow of a gateway holds)', async () => {
    const first = await runStep({ name: 'i2', xml: BOUNDARY, saved: null, variables: {} });
    await expect(
      runStep({
        name: 'i2',
        xml: BOUNDARY,
        saved: first.state,
        variables: {},
        drive: (execution) => execution.signal({ id: 'task' }),
      }),
    ).rejects.toThrow();
  });
});
