import { describe, expect, it } from 'vitest';
import { parseExpression } from '../../../../src/contracts/blade-flow/expression.js';
import '../../../../src/contracts/blade-flow/bpmn-messages.js';
import { messageIn } from '../../../../src/contracts/server-messages.js';
import { checkBpmn } from './check.js';

const NS =
  'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" targetNamespace="t"';
const model = (body: string, processAttributes = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><definitions ${NS}>` +
  `<process id="p1" name="审批" isExecutable="true" ${processAttributes}>${body}</process></definitions>`;
const GOOD = model(
  `<documentation>两级审批</documentation><startEvent id="s"/>
   <userTask id="a" name="部门审批" flowable:assignee="\${taskUser}"/>
   <userTask id="b" name="财务审批" flowable:candidateGroups="finance,role:1,dept:2" flowable:candidateUsers="admin"/>
   <exclusiveGateway id="g"/><endEvent id="e"/>
   <intermediateCatchEvent id="w"><timerEventDefinition><timeDuration>PT5M</timeDuration></timerEventDefinition></intermediateCatchEvent>
   <sequenceFlow id="f1" sourceRef="s" targetRef="a"/><sequenceFlow id="f2" sourceRef="a" targetRef="g"/>
   <sequenceFlow id="f3" sourceRef="g" targetRef="b"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
   <sequenceFlow id="f4" sourceRef="g" targetRef="e"><conditionExpression xsi:type="tFormalExpression">\${days &gt;= 3}</conditionExpression></sequenceFlow>
   <sequenceFlow id="f5" sourceRef="b" targetRef="w"/><sequenceFlow id="f6" sourceRef="w" targetRef="e"/>`,
  'flowable:candidateStarterGroups="staff" flowable:candidateStarterUsers="admin"',
);

const refusal = async (xml: string) => {
  try {
    await checkBpmn(xml);
  } catch (error) {
    expect((error as { statusCode: number }).statusCode).toBe(400);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('parseExpression (the grammar the check and the engine share)', () => {
  it('reads names, negations and comparisons with literals', () => {
    expect(parseExpression('${pass}')).toEqual({ kind: 'var', name: 'pass' });
    expect(parseExpression(' ${ !pass } ')).toEqual({ kind: 'not', name: 'pass' });
    expect(parseExpression("${leaveType == 'sick'}")).toEqual({
      kind: 'compare',
      name: 'leaveType',
      op: '==',
      value: 'sick',
    });
    expect(parseExpression('${days>3.5}')).toMatchObject({ op: '>', value: 3.5 });
    expect(parseExpression('${ok != false}')).toMatchObject({ op: '!=', value: false });
  });
  it('refuses anything else', () => {
    for (const text of [
      '${java.lang.Runtime.getRuntime().exec("x")}',
      '${a.b}',
      '${f()}',
      '${a + 1 > 2}',
      '${a == b}',
      '#{pass}',
      'pass',
      '${true}',
      "${a == 'x\\' }",
      '${pass}${pass}',
    ])
      expect(parseExpression(text), text).toBeNull();
  });
});

describe('checkBpmn', () => {
  it('reads a good model: processes, user tasks, assignments, starters', async () => {
    const parsed = await checkBpmn(GOOD);
    expect(parsed.processes).toEqual([
      {
        key: 'p1',
        name: '审批',
        description: '两级审批',
        userTasks: {
          a: { name: '部门审批', assignee: '${taskUser}', candidateUsers: [], candidateGroups: [] },
          b: {
            name: '财务审批',
            assignee: null,
            candidateUsers: ['admin'],
            candidateGroups: ['finance', 'role:1', 'dept:2'],
          },
        },
        starters: { users: ['admin'], groups: ['staff'] },
      },
    ]);
  });

  it('accepts what bpmn-js writes: a pool with lanes, incoming/outgoing, labels, a sub process, a boundary timer', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn" exporter="bpmn-js (https://demo.bpmn.io)" exporterVersion="18.0.0">
  <bpmn:collaboration id="Collaboration_1"><bpmn:participant id="Participant_1" name="Pool" processRef="Process_1" /></bpmn:collaboration>
  <bpmn:process id="Process_1" isExecutable="true">
    <bpmn:laneSet id="LaneSet_1"><bpmn:lane id="Lane_1" name="A"><bpmn:flowNodeRef>StartEvent_1</bpmn:flowNodeRef><bpmn:flowNodeRef>Activity_1</bpmn:flowNodeRef></bpmn:lane></bpmn:laneSet>
    <bpmn:startEvent id="StartEvent_1"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="Activity_1" name="审批"><bpmn:incoming>Flow_1</bpmn:incoming></bpmn:userTask>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Activity_1" />
    <bpmn:textAnnotation id="TA_1"><bpmn:text>注释</bpmn:text></bpmn:textAnnotation>
    <bpmn:association id="As_1" sourceRef="Activity_1" targetRef="TA_1" />
    <bpmn:subProcess id="Sub_1"><bpmn:startEvent id="S2" /><bpmn:userTask id="U2" /></bpmn:subProcess>
    <bpmn:boundaryEvent id="B1" attachedToRef="Activity_1"><bpmn:timerEventDefinition id="T1"><bpmn:timeDuration xsi:type="bpmn:tFormalExpression" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1"><bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="Collaboration_1">
    <bpmndi:BPMNShape id="P_di" bpmnElement="Participant_1" isHorizontal="true"><dc:Bounds x="1" y="1" width="600" height="250" /><bpmndi:BPMNLabel /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="_BPMNShape_StartEvent_2" bpmnElement="StartEvent_1"><dc:Bounds x="179" y="79" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="Flow_1_di" bpmnElement="Flow_1"><di:waypoint x="215" y="97" /><di:waypoint x="270" y="97" /><bpmndi:BPMNLabel><dc:Bounds x="1" y="1" width="1" height="1" /></bpmndi:BPMNLabel></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
    const { processes } = await checkBpmn(xml);
    expect(Object.keys(processes[0]!.userTasks)).toEqual(['Activity_1', 'U2']);
  });

  it('reads activiti: and camunda: attributes by local name', async () => {
    const xml = GOOD.replace(
      'xmlns:flowable="http://flowable.org/bpmn"',
      'xmlns:camunda="http://camunda.org/schema/1.0/bpmn"',
    ).replaceAll('flowable:', 'camunda:');
    expect((await checkBpmn(xml)).processes[0]!.userTasks['a']!.assignee).toBe('${taskUser}');
  });

  it('refuses a file over 1 MB before parsing (10 MB)', async () => {
    const big = GOOD.replace('两级审批', 'x'.repeat(10 * 1024 * 1024));
    expect(await refusal(big)).toBe('BPMN文件不能超过1MB');
  });

  it('refuses DOCTYPE, entities, external references and XInclude', async () => {
    const entity =
      `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>` +
      GOOD.slice(GOOD.indexOf('<definitions'));
    expect(await refusal(entity)).toBe('BPMN文件不能包含DOCTYPE、实体声明或外部引用');
    const xinclude = GOOD.replace(
      '<startEvent id="s"/>',
      '<startEvent id="s"/><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/etc/passwd"/>',
    );
    expect(await refusal(xinclude)).toBe('BPMN文件不能包含DOCTYPE、实体声明或外部引用');
    const imported = GOOD.replace(
      '<process',
      '<import importType="x" location="http://evil/x.xsd" namespace="x"/><process',
    );
    expect(await refusal(imported)).toBe('BPMN文件不能包含DOCTYPE、实体声明或外部引用');
  });

  it('refuses script tasks, service tasks and listeners by id', async () => {
    expect(
      await refusal(
        GOOD.replace(
          '<endEvent id="e"/>',
          '<endEvent id="e"/><scriptTask id="run" scriptFormat="js"><script>1</script></scriptTask>',
        ),
      ),
    ).toBe('不支持脚本任务：run');
    expect(
      await refusal(
        GOOD.replace(
          '<endEvent id="e"/>',
          '<endEvent id="e"/><serviceTask id="call" flowable:class="x.Y"/>',
        ),
      ),
    ).toBe('不支持服务任务：call');
    const listener = GOOD.replace(
      '<userTask id="a" name="部门审批" flowable:assignee="${taskUser}"/>',
      '<userTask id="a" flowable:assignee="${taskUser}"><extensionElements><flowable:taskListener event="create" class="x.Y"/></extensionElements></userTask>',
    );
    expect(await refusal(listener)).toBe('不支持脚本监听器：a');
    const scripted = GOOD.replace(
      '${pass}</conditionExpression>',
      '${pass}</conditionExpression>',
    ).replace(
      '<conditionExpression xsi:type="tFormalExpression">${pass}',
      '<conditionExpression xsi:type="tFormalExpression" language="javascript">next()',
    );
    expect(await refusal(scripted)).toBe('不支持脚本任务：f3');
  });

  it('refuses element types the engine does not run, naming the type and id', async () => {
    expect(
      await refusal(
        GOOD.replace(
          '<endEvent id="e"/>',
          '<endEvent id="e"/><callActivity id="c1" calledElement="x"/>',
        ),
      ),
    ).toBe('不支持的流程元素：CallActivity（c1）');
    expect(
      await refusal(
        GOOD.replace(
          '<endEvent id="e"/>',
          '<endEvent id="e"><terminateEventDefinition/></endEvent>',
        ),
      ),
    ).toBe('不支持的流程元素：EndEvent（e）');
  });

  it('refuses expressions outside the grammar, wherever they are', async () => {
    expect(
      await refusal(
        GOOD.replace('${pass}', '${java.lang.Runtime.getRuntime().exec(&quot;rm&quot;)}'),
      ),
    ).toBe('不支持的表达式：${java.lang.Runtime.getRuntime().exec("rm")}（f3）');
    expect(await refusal(GOOD.replace('${taskUser}', '${a == 1}'))).toBe(
      '不支持的表达式：${a == 1}（a）',
    );
    expect(
      await refusal(
        GOOD.replace('flowable:candidateUsers="admin"', 'flowable:candidateUsers="${x.y}"'),
      ),
    ).toBe('不支持的表达式：${x.y}（b）');
  });

  it('refuses timer cycles and unreadable durations', async () => {
    expect(
      await refusal(
        GOOD.replace('<timeDuration>PT5M</timeDuration>', '<timeCycle>R3/PT5M</timeCycle>'),
      ),
    ).toMatch(/^定时器须为时长.*：w$/);
    expect(await refusal(GOOD.replace('PT5M', 'five minutes'))).toMatch(/：w$/);
    await expect(
      checkBpmn(
        GOOD.replace(
          '<timeDuration>PT5M</timeDuration>',
          '<timeDate>2030-01-01T08:00:00Z</timeDate>',
        ),
      ),
    ).resolves.toBeTruthy();
  });

  it('refuses a document with no executable process, or no BPMN at all', async () => {
    expect(await refusal(GOOD.replace('isExecutable="true"', 'isExecutable="false"'))).toBe(
      'BPMN文件中没有可执行的流程',
    );
    expect(await refusal(`<definitions ${NS}/>`)).toBe('BPMN文件中没有可执行的流程');
    expect(await refusal('<html><body>x</body></html>')).toBe('文件不是BPMN 2.0流程定义');
    expect(await refusal('<definitions xmlns="urn:other"><process id="p"/></definitions>')).toBe(
      '文件不是BPMN 2.0流程定义',
    );
    expect(await refusal('not xml at all')).toBe('文件不是BPMN 2.0流程定义');
  });

  it('refuses parse errors (unknown elements, dangling references) and bad keys', async () => {
    expect(
      await refusal(GOOD.replace('<endEvent id="e"/>', '<endEvent id="e"/><foo id="z"/>')),
    ).toMatch(/^BPMN文件解析失败：/);
    expect(await refusal(GOOD.replace('targetRef="a"', 'targetRef="missing"'))).toMatch(
      /^BPMN文件解析失败：/,
    );
    expect(await refusal(GOOD.replace('id="p1"', 'id="p.1"'))).toMatch(/^流程标识须以字母/);
    expect(
      await refusal(GOOD.replace('candidateGroups="finance', 'candidateGroups="fin ance')),
    ).toBe('处理人设置不合法：b');
  });
});

describe('the refusals in en (the console translates them with messageIn)', () => {
  it("carries the parts over, a refused file's reason translated too", () => {
    expect(messageIn('en', '不支持脚本任务：evil')).toBe('Script tasks are not supported: evil');
    expect(messageIn('en', '文件a.bpmn：不支持的流程元素：CallActivity（c1）')).toBe(
      'File a.bpmn: Unsupported model element: CallActivity (c1)',
    );
    expect(messageIn('en', 'BPMN文件不能超过1MB')).toBe('A BPMN file may not exceed 1 MB');
    expect(messageIn('zh', '不支持脚本任务：evil')).toBe('不支持脚本任务：evil');
    expect(messageIn('en', '别的')).toBe('别的');
  });
});
