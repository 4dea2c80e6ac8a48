import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { choose, pick } from './keyboard-form';
import { selectedOption } from './palette-keys';
import { setLanguage } from './screen-walk';
import { signedIn } from './session';
import { serverAndBrowser } from './suite';

/** server/db/seed/demo.ts DEMO_PASSWORD (the demo users' password). */
const DEMO_PASSWORD = 'Demo@2026';
/** The administrator's password once its first sign-in changed it. */
const ADMIN_PASSWORD = 'Quanyi@26';

const MODEL_KEY = 'twoStepApproval';
const MODEL_NAME = 'Two-step approval';
const STEP_ONE = 'Finance review';
const STEP_TWO = 'Manager approval';

interface DiagramState {
  /** Per element id: whether it carries the current-task marker, and its outline's stroke. */
  elements: Record<string, { current: boolean; stroke: string }>;
  /** The legend's colours by its labels (已完成 / Finished ...). */
  legend: Record<string, string>;
}

/** The body rows of the table named `table` that contain every text of `texts`. */
function rowsOf(page: Page, table: string, ...texts: string[]): Locator {
  let rows = page.getByRole('table', { name: table, exact: true }).locator('tbody tr');
  for (const text of texts) rows = rows.filter({ hasText: text });
  return rows;
}

/** Runs a row's declared action `label`: its button, or the item of its "more" menu. */
async function rowAction(page: Page, row: Locator, label: string): Promise<void> {
  const name = new RegExp(`^${label} `);
  const inline = row.getByRole('button', { name });
  if ((await inline.count()) > 0) return inline.first().click();
  await row.getByRole('button', { name: /的更多操作$|^More actions for / }).click();
  await page.getByRole('menuitem', { name }).click();
}

/**
 * The diagram dialog once coloured (bpmn-canvas.tsx names the SVG when it has coloured it): the
 * marker class and stroke of each element asked for, and the legend's colours to compare with.
 */
async function readDiagram(page: Page, ids: string[]): Promise<DiagramState> {
  const dialog = page.getByRole('dialog', { name: /^(流程图展示|Flow chart display)$/ });
  await dialog.getByRole('img', { name: /^(流程图展示|Flow chart display)$/ }).waitFor();
  return dialog.evaluate((root, wanted) => {
    const elements: DiagramState['elements'] = {};
    for (const id of wanted) {
      const g = root.querySelector(`g.djs-element[data-element-id="${id}"]`);
      const outline = g?.querySelector('.djs-visual > :first-child');
      elements[id] = {
        current: g?.classList.contains('qy-bpmn-current') ?? false,
        stroke: outline ? getComputedStyle(outline).stroke : 'missing',
      };
    }
    const legend: Record<string, string> = {};
    for (const item of root.querySelectorAll('[role="listitem"]')) {
      const swatch = item.querySelector('[aria-hidden]');
      if (swatch) legend[(item.textContent ?? '').trim()] = getComputedStyle(swatch).borderTopColor;
    }
    return { elements, legend };
  }, ids);
}

async function closeDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

/** The centre of a diagram element on screen. */
async function centre(page: Page, id: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(`g.djs-shape[data-element-id="${id}"]`).boundingBox();
  if (!box) throw new Error(`no shape ${id}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The id of the modeller's shape whose label is `name`. */
async function shapeNamed(page: Page, name: string): Promise<string> {
  const shape = page.locator('g.djs-shape').filter({ hasText: name }).last();
  await shape.waitFor();
  const id = await shape.getAttribute('data-element-id');
  if (!id) throw new Error(`no shape named ${name}`);
  return id;
}

/**
 * Clicks a shape: selects it, and the canvas takes the keyboard. The pointer comes from beside
 * it (bpmn-js selects on its hover and click events). A click that comes at once after a
 * modelling gesture is at times not taken (diagram-js swallows the click it expects to follow
 * a drag, for 400 ms), so the click is repeated until the shape shows selected.
 */
async function select(page: Page, id: string): Promise<void> {
  const { x, y } = await centre(page, id);
  const selected = page.locator(`g.djs-shape[data-element-id="${id}"].selected`);
  await expect
    .poll(async () => {
      await page.mouse.move(x - 60, y - 60);
      await page.mouse.move(x, y, { steps: 4 });
      await page.mouse.down();
      await page.mouse.up();
      return selected.count();
    })
    .toBe(1);
}

/** Runs the selected shape's context pad entry `action`. */
async function contextPad(page: Page, action: string): Promise<void> {
  await page.locator(`.djs-context-pad.open .entry[data-action="${action}"]`).click();
}

/** Typing into bpmn-js direct editing (opened by a create, an append or the E key), then Enter. */
async function typeLabel(page: Page, text: string): Promise<void> {
  const box = page.locator('.djs-direct-editing-parent');
  await box.waitFor();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await box.waitFor({ state: 'hidden' });
}

/** Ids of the model's user tasks by name, from its saved XML. */
function userTasks(xml: string): Record<string, string> {
  const tasks: Record<string, string> = {};
  for (const m of xml.matchAll(/<bpmn:userTask id="([^"]+)" name="([^"]+)"/g)) tasks[m[2]!] = m[1]!;
  return tasks;
}

/**
 * Issue 29 "Done when" in Chromium: a two-step approval designed with keyboard and mouse in the
 * modeller, deployed, started by one user and claimed, completed and looked at (the diagram's
 * colouring) by others; the leave process from the form to HR's approval and the detail's
 * history. The administrator works in English, the demo users in Chinese.
 */
describe('workflow journeys', () => {
  const suite = serverAndBrowser();
  const contexts: BrowserContext[] = [];
  const pages = new Map<string, Page>();
  let adminApi: ApiClient;
  /** Filled by the first journey, used by the second. */
  const model = { id: '', stepOne: '', stepTwo: '' };

  beforeAll(async () => {
    adminApi = new ApiClient(suite.server.url);
    // The administrator's first sign-in sets the password the tests use.
    await adminApi.login('admin', 'admin', '000000', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  /** One signed-in page (one browser context) per user, in the user's language. */
  async function as(account: 'admin' | 'operator' | 'finance'): Promise<Page> {
    const known = pages.get(account);
    if (known) return known;
    const { context, page } = await suite.newPage();
    contexts.push(context);
    await signedIn(page, account, account === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);
    if (account === 'admin') await setLanguage(page, 'en');
    pages.set(account, page);
    return page;
  }

  it('designs a two-step approval in the modeller (palette, context pad, keys), saves and deploys it', async () => {
    const page = await as('admin');
    await page.goto('/flow/model');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL('**/flow/model/design/new');
    const canvas = page.getByRole('application', { name: 'Process design canvas' });
    await canvas.waitFor();
    await page.locator('g.djs-shape[data-element-id="StartEvent_1"]').waitFor();

    // The first task from the palette, dropped right of the start event; its name typed at once.
    const start = await centre(page, 'StartEvent_1');
    await page.locator('.djs-palette .entry[data-action="create.task"]').click();
    await page.mouse.move(start.x + 100, start.y, { steps: 4 });
    await page.mouse.move(start.x + 200, start.y, { steps: 4 });
    await page.mouse.click(start.x + 200, start.y);
    await typeLabel(page, STEP_ONE);
    const first = await shapeNamed(page, STEP_ONE);

    // Start -> first task with the context pad's connect tool.
    await select(page, 'StartEvent_1');
    await contextPad(page, 'connect');
    const target = await centre(page, first);
    await page.mouse.move(target.x - 20, target.y, { steps: 4 });
    await page.mouse.move(target.x, target.y, { steps: 2 });
    await page.mouse.click(target.x, target.y);
    await expect.poll(() => page.locator('g.djs-connection').count()).toBe(1);

    // The first task becomes a user task from the keyboard: R opens the replace menu, typing
    // searches it, Enter picks.
    await select(page, first);
    await page.keyboard.press('r');
    await page.locator('.djs-popup').waitFor();
    await page.keyboard.type('User task');
    await page.keyboard.press('Enter');
    await page.locator('.djs-popup').waitFor({ state: 'hidden' });

    // The second task appended from the context pad (connected), named, replaced by mouse.
    const firstNow = await shapeNamed(page, STEP_ONE);
    await select(page, firstNow);
    await contextPad(page, 'append.append-task');
    await typeLabel(page, STEP_TWO);
    const second = await shapeNamed(page, STEP_TWO);
    await select(page, second);
    await contextPad(page, 'replace');
    await page.locator('.djs-popup .entry[data-id="replace-with-user-task"]').click();

    // The end event appended; its name given with the E key (direct editing).
    const secondNow = await shapeNamed(page, STEP_TWO);
    await select(page, secondNow);
    await contextPad(page, 'append.end-event');
    await page.locator('.djs-direct-editing-parent').waitFor();
    await page.keyboard.press('Escape');
    const end = await page
      .locator('g.djs-shape[data-element-id^="Event_"]')
      .last()
      .getAttribute('data-element-id');
    await select(page, end!);
    await page.keyboard.press('e');
    await typeLabel(page, 'Approved');
    await expect.poll(() => page.locator('g.djs-connection').count()).toBe(3);

    // The model's key and name in the form, then Ctrl+S from the canvas.
    await page.getByRole('textbox', { name: /^Model key/ }).focus();
    await page.keyboard.type(MODEL_KEY);
    await page.getByRole('textbox', { name: /^Model name/ }).focus();
    await page.keyboard.type(MODEL_NAME);
    await canvas.focus();
    await page.keyboard.press('Control+s');
    await page.waitForURL(/\/flow\/model\/design\/(?!new)[^/]+$/);
    model.id = decodeURIComponent(page.url().split('/').pop()!);

    // The model list shows it.
    await page.goto('/flow/model');
    await expect.poll(async () => rowsOf(page, 'Process model', MODEL_KEY).count()).toBe(1);

    // Assignees: the modeller has no properties panel, so the saved XML gets them through the
    // API (model/submit with the detail's XML): the first step goes to the 财务 role (candidate
    // group `finance`: a claim), the second to the administrator.
    const detail = await adminApi.get<{ xml: string; version: number }>('blade-flow/model/detail', {
      id: model.id,
    });
    // What was drawn: start -> two user tasks -> end, three flows.
    expect(detail.xml.match(/<bpmn:sequenceFlow /g)).toHaveLength(3);
    expect(detail.xml.match(/<bpmn:endEvent [^>]*name="Approved"/)).not.toBeNull();
    const tasks = userTasks(detail.xml);
    expect(Object.keys(tasks).sort()).toEqual([STEP_ONE, STEP_TWO].sort());
    model.stepOne = tasks[STEP_ONE]!;
    model.stepTwo = tasks[STEP_TWO]!;
    let xml = detail.xml
      .replace(`id="${model.stepOne}" name="${STEP_ONE}"`, `$& flowable:candidateGroups="finance"`)
      .replace(`id="${model.stepTwo}" name="${STEP_TWO}"`, `$& flowable:assignee="admin"`);
    if (!xml.includes('xmlns:flowable='))
      xml = xml.replace(
        '<bpmn:definitions ',
        '<bpmn:definitions xmlns:flowable="http://flowable.org/bpmn" ',
      );
    expect(xml.match(/flowable:(candidateGroups|assignee)=/g)).toHaveLength(2);
    await adminApi.post('blade-flow/model/submit', {
      id: model.id,
      modelKey: MODEL_KEY,
      name: MODEL_NAME,
      xml,
      version: detail.version,
    });

    // Deploy from the row's action, with a category; the definitions list shows it.
    await page.reload();
    const row = rowsOf(page, 'Process model', MODEL_KEY);
    await row.waitFor();
    await rowAction(page, row, 'Deploy');
    const dialog = page.getByRole('dialog', { name: `Deploy model: ${MODEL_NAME}` });
    await dialog.getByRole('textbox', { name: /^Process category/ }).fill('expenses');
    await dialog.getByRole('button', { name: 'Deploy', exact: true }).click();
    await dialog.getByText(`${MODEL_NAME} (${MODEL_KEY}) version v1`).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await page.goto('/flow/manager');
    await expect
      .poll(async () =>
        (await rowsOf(page, 'Process definition', MODEL_KEY).allInnerTexts()).join(),
      )
      .toMatch(/expenses/);
  }, 240_000);

  it('starts it as operator; finance claims and approves; the diagram colouring follows', async () => {
    expect(model.stepOne, 'the first journey designed the model').not.toBe('');
    const operator = await as('operator');
    await operator.goto('/work/start');
    const startRow = rowsOf(operator, '发起事务', MODEL_NAME);
    await startRow.waitFor();
    await rowAction(operator, startRow, '发起');
    const startDialog = operator.getByRole('dialog', { name: '发起流程' });
    await startDialog.getByRole('button', { name: '发起', exact: true }).click();
    await startDialog.waitFor({ state: 'hidden' });

    // The applicant's sent list: the diagram shows the first step current.
    await operator.goto('/work/send');
    const sentRow = rowsOf(operator, '已发事务', MODEL_NAME);
    await sentRow.waitFor();
    await rowAction(operator, sentRow, '流程图');
    const before = await readDiagram(operator, [model.stepOne, model.stepTwo]);
    expect(before.elements[model.stepOne]!.current).toBe(true);
    expect(before.elements[model.stepTwo]!.current).toBe(false);
    await closeDialog(operator);

    // Finance finds the first step in its claim list, claims it and approves it.
    const finance = await as('finance');
    await finance.goto('/work/claim');
    const claimRow = rowsOf(finance, '待签事务', STEP_ONE, MODEL_NAME);
    await claimRow.waitFor();
    await rowAction(finance, claimRow, '签收');
    const claimDialog = finance.getByRole('dialog', { name: '签收任务' });
    await claimDialog.getByRole('button', { name: '签收', exact: true }).click();
    await claimDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => claimRow.count()).toBe(0);

    await finance.goto('/work/todo');
    const todoRow = rowsOf(finance, '待办事务', STEP_ONE, MODEL_NAME);
    await todoRow.waitFor();
    await rowAction(finance, todoRow, '办理');
    const handle = finance.getByRole('dialog', { name: `办理：${STEP_ONE}` });
    await handle.getByRole('textbox', { name: /^审批意见/ }).fill('预算内，同意');
    await handle.getByRole('button', { name: '同意', exact: true }).click();
    await handle.waitFor({ state: 'hidden' });

    // The applicant opens the diagram again, on the same page (no reload): the first step is
    // finished (the legend's success colour), the second current.
    await rowAction(operator, sentRow, '流程图');
    const after = await readDiagram(operator, [model.stepOne, model.stepTwo]);
    expect(after.elements[model.stepOne]!.current).toBe(false);
    expect(after.elements[model.stepOne]!.stroke).toBe(after.legend['已完成']);
    expect(after.elements[model.stepOne]!.stroke).not.toBe(before.elements[model.stepOne]!.stroke);
    expect(after.elements[model.stepTwo]!.current).toBe(true);
    await closeDialog(operator);

    // The administrator approves the second step from the todo list (in English).
    const admin = await as('admin');
    await admin.goto('/work/todo');
    const adminRow = rowsOf(admin, 'To do', STEP_TWO, MODEL_NAME);
    await adminRow.waitFor();
    await rowAction(admin, adminRow, 'Handle');
    const adminHandle = admin.getByRole('dialog', { name: `Handle: ${STEP_TWO}` });
    await adminHandle.getByRole('textbox', { name: /^Comment/ }).fill('Approved.');
    await adminHandle.getByRole('button', { name: 'Approve', exact: true }).click();
    await adminHandle.waitFor({ state: 'hidden' });

    // Operator's sent list: the instance has ended.
    const operatorApi = new ApiClient(suite.server.url);
    await operatorApi.login('operator', DEMO_PASSWORD);
    const sent = await operatorApi.get<{
      records: { processKey: string; endTime: string | null }[];
    }>('blade-flow/work/send-list', { current: '1', size: '50', processKey: MODEL_KEY });
    expect(
      sent.records.filter((r) => r.processKey === MODEL_KEY).map((r) => Boolean(r.endTime)),
    ).toEqual([true]);
  }, 240_000);

  it('runs the leave process: operator applies, the approver and HR approve, the detail shows both', async () => {
    const operatorApi = new ApiClient(suite.server.url);
    await operatorApi.login('operator', DEMO_PASSWORD);
    const startable = await operatorApi.get<{ records: { id: string; processKey: string }[] }>(
      'blade-flow/work/start-list',
      { current: '1', size: '20', processKey: 'leave' },
    );
    const leave = startable.records.find((r) => r.processKey === 'leave');
    expect(leave, 'the seeded leave definition').toBeDefined();

    const operator = await as('operator');
    await operator.goto(`/work/process/leave/form/${encodeURIComponent(leave!.id)}`);
    const form = operator.getByRole('form', { name: '请假申请' });
    await form.waitFor();
    await pick(operator, form.getByRole('textbox', { name: /请假类型/ }), '年假');
    // The first and second day of the month on screen (00:00 each): 1.5 days, worked out.
    for (const [field, day] of [
      ['开始时间', 1],
      ['结束时间', 2],
    ] as const) {
      await form.getByRole('button', { name: new RegExp(field) }).click();
      const dropdown = operator
        .locator('.mantine-Popover-dropdown')
        .filter({ has: operator.locator('.mantine-DateTimePicker-day') });
      await dropdown
        .locator(`button.mantine-DateTimePicker-day[aria-label^="${day} "]`)
        .first()
        .click();
      await dropdown.locator('.mantine-DateTimePicker-submitButton').click();
      await dropdown.waitFor({ state: 'hidden' });
    }
    await expect
      .poll(() => form.getByRole('textbox', { name: /请假天数/ }).inputValue())
      .toBe('1.5');
    await form.getByRole('textbox', { name: /请假理由/ }).fill('回老家办理证件');
    await choose(operator, form.getByRole('textbox', { name: /审批人/ }), 'admin');
    await form.getByRole('button', { name: '提交申请' }).click();
    await operator.waitForURL('**/work/process/leave/detail/**');
    const [processInstanceId] = operator.url().split('/').slice(-2).map(decodeURIComponent);

    // The approver (the administrator, in English) handles it from the palette's todo command.
    const admin = await as('admin');
    await admin.goto('/wel/index');
    await admin.getByRole('navigation', { name: 'Side menu' }).waitFor();
    // Ctrl+K until the palette opens (its keys are bound once the shell has loaded it).
    const palette = admin.getByRole('combobox', { name: 'Command palette' });
    await expect
      .poll(async () => {
        if (!(await palette.isVisible())) await admin.keyboard.press('Control+k');
        return palette.isVisible();
      })
      .toBe(true);
    await palette.focus();
    await admin.keyboard.type('Handle 部门审批');
    await expect
      .poll(() => selectedOption(admin).textContent())
      .toMatch(/^Handle 部门审批 · 请假流程/);
    await admin.keyboard.press('Enter');
    await admin.waitForURL('**/work/process/leave/handle/**');
    await admin.getByRole('heading', { name: 'Leave approval' }).waitFor();
    await admin.getByRole('textbox', { name: /^Comment/ }).fill('Fine by me.');
    await admin.getByRole('button', { name: 'Approve', exact: true }).click();
    await admin.waitForURL('**/work/process/leave/detail/**');

    // HR: finance claims its task (the one of this instance: the demo has another) and approves.
    const financeApi = new ApiClient(suite.server.url);
    await financeApi.login('finance', DEMO_PASSWORD);
    const claimable = await financeApi.get<{
      records: { instanceId: string; createTime: string }[];
    }>('blade-flow/work/claim-list', { current: '1', size: '50' });
    const hrTask = claimable.records.find((r) => r.instanceId === processInstanceId);
    expect(hrTask, 'the HR task in the claim list').toBeDefined();
    const finance = await as('finance');
    await finance.goto('/work/claim');
    const claimRow = rowsOf(finance, '待签事务', '人事审批', hrTask!.createTime);
    await claimRow.waitFor();
    await rowAction(finance, claimRow, '签收');
    const claimDialog = finance.getByRole('dialog', { name: '签收任务' });
    await claimDialog.getByRole('button', { name: '签收', exact: true }).click();
    await claimDialog.waitFor({ state: 'hidden' });
    await finance.goto('/work/todo');
    const todoRow = rowsOf(finance, '待办事务', '人事审批', hrTask!.createTime);
    await todoRow.waitFor();
    await rowAction(finance, todoRow, '办理');
    await finance.waitForURL('**/work/process/leave/handle/**');
    await finance.getByRole('heading', { name: '请假审批' }).waitFor();
    await finance.getByRole('textbox', { name: /^审批意见/ }).fill('人事已备案');
    await finance.getByRole('button', { name: '同意', exact: true }).click();
    await finance.waitForURL('**/work/process/leave/detail/**');

    // The detail: approved, both approvals in the history, the diagram finished to the end.
    await finance.getByRole('heading', { name: '请假详情' }).waitFor();
    const request = finance.getByRole('region', { name: '申请内容' });
    await request.getByText('已通过').waitFor();
    const history = finance.getByRole('region', { name: '流转记录' });
    await history.getByText('人事已备案').waitFor();
    await history.getByText('Fine by me.').waitFor();
    expect(await history.getByText('同意', { exact: true }).count()).toBe(2);
    await finance.getByRole('button', { name: '流程图' }).click();
    const diagram = await readDiagram(finance, [
      'deptApprove',
      'hrApprove',
      'approvedEnd',
      'adjust',
    ]);
    const finished = diagram.legend['已完成'];
    expect(diagram.elements.deptApprove!.stroke).toBe(finished);
    expect(diagram.elements.hrApprove!.stroke).toBe(finished);
    expect(diagram.elements.approvedEnd!.stroke).toBe(finished);
    expect(diagram.elements.adjust!.stroke).not.toBe(finished);
    expect(Object.values(diagram.elements).some((e) => e.current)).toBe(false);
    await closeDialog(finance);
  }, 240_000);
});
