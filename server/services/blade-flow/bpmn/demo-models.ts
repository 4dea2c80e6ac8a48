/**
 * The demo BPMN models (issue 29 item 6), kept as text here because the bundled server carries no
 * loose files: the leave process (leave.bpmn20.xml beside this file is the same text, for
 * download and upload; demo-models.test.ts keeps the two equal) and a two-step purchase approval.
 * Both are drawn (BPMN DI) and pass bpmn/check.ts.
 *
 * Leave: deptApprove (assignee ${taskUser}) -> pass: hrApprove (candidate groups finance, admin:
 * the role aliases 财务 of 000000 and 租户管理员 of 100001) -> pass: end (approved); a rejection
 * at either goes to adjust (assignee ${applyUser}, the applicant) -> pass: deptApprove again,
 * else end (withdrawn).
 */

export const LEAVE_PROCESS_KEY = 'leave';
export const LEAVE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" id="Definitions_leave" targetNamespace="http://www.flowable.org/processdef">
  <bpmn:process id="leave" name="请假流程" isExecutable="true">
    <bpmn:documentation>请假申请：部门审批，通过后人事审批；驳回后由申请人调整重新提交或撤回。</bpmn:documentation>
    <bpmn:startEvent id="start" name="开始" flowable:initiator="applyUser" />
    <bpmn:userTask id="deptApprove" name="部门审批" flowable:assignee="\${taskUser}" />
    <bpmn:exclusiveGateway id="deptGateway" name="部门审批结果" />
    <bpmn:userTask id="hrApprove" name="人事审批" flowable:candidateGroups="finance,admin" />
    <bpmn:exclusiveGateway id="hrGateway" name="人事审批结果" />
    <bpmn:userTask id="adjust" name="调整申请" flowable:assignee="\${applyUser}" />
    <bpmn:exclusiveGateway id="adjustGateway" name="是否重新提交" />
    <bpmn:endEvent id="approvedEnd" name="审批通过" />
    <bpmn:endEvent id="withdrawnEnd" name="已撤回" />
    <bpmn:sequenceFlow id="flowStart" sourceRef="start" targetRef="deptApprove" />
    <bpmn:sequenceFlow id="flowDept" sourceRef="deptApprove" targetRef="deptGateway" />
    <bpmn:sequenceFlow id="flowDeptPass" name="同意" sourceRef="deptGateway" targetRef="hrApprove">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="flowDeptReject" name="驳回" sourceRef="deptGateway" targetRef="adjust">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${!pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="flowHr" sourceRef="hrApprove" targetRef="hrGateway" />
    <bpmn:sequenceFlow id="flowHrPass" name="同意" sourceRef="hrGateway" targetRef="approvedEnd">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="flowHrReject" name="驳回" sourceRef="hrGateway" targetRef="adjust">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${!pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="flowAdjust" sourceRef="adjust" targetRef="adjustGateway" />
    <bpmn:sequenceFlow id="flowResubmit" name="重新提交" sourceRef="adjustGateway" targetRef="deptApprove">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="flowWithdraw" name="撤回" sourceRef="adjustGateway" targetRef="withdrawnEnd">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${!pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_leave">
    <bpmndi:BPMNPlane id="BPMNPlane_leave" bpmnElement="leave">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start">
        <dc:Bounds x="100" y="202" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="deptApprove_di" bpmnElement="deptApprove">
        <dc:Bounds x="190" y="180" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="deptGateway_di" bpmnElement="deptGateway" isMarkerVisible="true">
        <dc:Bounds x="345" y="195" width="50" height="50" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="hrApprove_di" bpmnElement="hrApprove">
        <dc:Bounds x="450" y="180" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="hrGateway_di" bpmnElement="hrGateway" isMarkerVisible="true">
        <dc:Bounds x="605" y="195" width="50" height="50" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approvedEnd_di" bpmnElement="approvedEnd">
        <dc:Bounds x="712" y="202" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="adjust_di" bpmnElement="adjust">
        <dc:Bounds x="320" y="340" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="adjustGateway_di" bpmnElement="adjustGateway" isMarkerVisible="true">
        <dc:Bounds x="215" y="355" width="50" height="50" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="withdrawnEnd_di" bpmnElement="withdrawnEnd">
        <dc:Bounds x="222" y="472" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flowStart_di" bpmnElement="flowStart">
        <di:waypoint x="136" y="220" />
        <di:waypoint x="190" y="220" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowDept_di" bpmnElement="flowDept">
        <di:waypoint x="290" y="220" />
        <di:waypoint x="345" y="220" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowDeptPass_di" bpmnElement="flowDeptPass">
        <di:waypoint x="395" y="220" />
        <di:waypoint x="450" y="220" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowDeptReject_di" bpmnElement="flowDeptReject">
        <di:waypoint x="370" y="245" />
        <di:waypoint x="370" y="340" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowHr_di" bpmnElement="flowHr">
        <di:waypoint x="550" y="220" />
        <di:waypoint x="605" y="220" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowHrPass_di" bpmnElement="flowHrPass">
        <di:waypoint x="655" y="220" />
        <di:waypoint x="712" y="220" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowHrReject_di" bpmnElement="flowHrReject">
        <di:waypoint x="630" y="245" />
        <di:waypoint x="630" y="380" />
        <di:waypoint x="420" y="380" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowAdjust_di" bpmnElement="flowAdjust">
        <di:waypoint x="320" y="380" />
        <di:waypoint x="265" y="380" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowResubmit_di" bpmnElement="flowResubmit">
        <di:waypoint x="240" y="355" />
        <di:waypoint x="240" y="260" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowWithdraw_di" bpmnElement="flowWithdraw">
        <di:waypoint x="240" y="405" />
        <di:waypoint x="240" y="472" />
      </bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

export const PURCHASE_PROCESS_KEY = 'purchase';
export const PURCHASE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" id="Definitions_purchase" targetNamespace="http://www.flowable.org/processdef">
  <bpmn:process id="purchase" name="采购审批" isExecutable="true">
    <bpmn:documentation>采购申请：运营审批后财务审批，任一驳回即结束。</bpmn:documentation>
    <bpmn:startEvent id="start" name="开始" flowable:initiator="applyUser" />
    <bpmn:userTask id="managerApprove" name="运营审批" flowable:candidateGroups="operator,admin" />
    <bpmn:exclusiveGateway id="managerGateway" name="运营审批结果" />
    <bpmn:userTask id="financeApprove" name="财务审批" flowable:candidateGroups="finance,admin" />
    <bpmn:exclusiveGateway id="financeGateway" name="财务审批结果" />
    <bpmn:endEvent id="approvedEnd" name="采购通过" />
    <bpmn:endEvent id="rejectedEnd" name="采购驳回" />
    <bpmn:sequenceFlow id="flowStart" sourceRef="start" targetRef="managerApprove" />
    <bpmn:sequenceFlow id="flowManager" sourceRef="managerApprove" targetRef="managerGateway" />
    <bpmn:sequenceFlow id="flowManagerPass" name="同意" sourceRef="managerGateway" targetRef="financeApprove">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="flowManagerReject" name="驳回" sourceRef="managerGateway" targetRef="rejectedEnd">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${!pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="flowFinance" sourceRef="financeApprove" targetRef="financeGateway" />
    <bpmn:sequenceFlow id="flowFinancePass" name="同意" sourceRef="financeGateway" targetRef="approvedEnd">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="flowFinanceReject" name="驳回" sourceRef="financeGateway" targetRef="rejectedEnd">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${!pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_purchase">
    <bpmndi:BPMNPlane id="BPMNPlane_purchase" bpmnElement="purchase">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start">
        <dc:Bounds x="100" y="202" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="managerApprove_di" bpmnElement="managerApprove">
        <dc:Bounds x="190" y="180" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="managerGateway_di" bpmnElement="managerGateway" isMarkerVisible="true">
        <dc:Bounds x="345" y="195" width="50" height="50" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="financeApprove_di" bpmnElement="financeApprove">
        <dc:Bounds x="450" y="180" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="financeGateway_di" bpmnElement="financeGateway" isMarkerVisible="true">
        <dc:Bounds x="605" y="195" width="50" height="50" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approvedEnd_di" bpmnElement="approvedEnd">
        <dc:Bounds x="712" y="202" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="rejectedEnd_di" bpmnElement="rejectedEnd">
        <dc:Bounds x="462" y="342" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flowStart_di" bpmnElement="flowStart">
        <di:waypoint x="136" y="220" />
        <di:waypoint x="190" y="220" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowManager_di" bpmnElement="flowManager">
        <di:waypoint x="290" y="220" />
        <di:waypoint x="345" y="220" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowManagerPass_di" bpmnElement="flowManagerPass">
        <di:waypoint x="395" y="220" />
        <di:waypoint x="450" y="220" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowManagerReject_di" bpmnElement="flowManagerReject">
        <di:waypoint x="370" y="245" />
        <di:waypoint x="370" y="360" />
        <di:waypoint x="462" y="360" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowFinance_di" bpmnElement="flowFinance">
        <di:waypoint x="550" y="220" />
        <di:waypoint x="605" y="220" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowFinancePass_di" bpmnElement="flowFinancePass">
        <di:waypoint x="655" y="220" />
        <di:waypoint x="712" y="220" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowFinanceReject_di" bpmnElement="flowFinanceReject">
        <di:waypoint x="630" y="245" />
        <di:waypoint x="630" y="360" />
        <di:waypoint x="498" y="360" />
      </bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
