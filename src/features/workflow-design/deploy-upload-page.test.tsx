import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, renderSignedIn, reply, scriptFetch, type Call } from '../../test/signed-in';
import DeployUploadPage, { fileProblem } from './deploy-upload-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d">
  <bpmn:process id="trip" isExecutable="true"><bpmn:startEvent id="s"/></bpmn:process>
</bpmn:definitions>`;
const file = (name: string, text: string) => new File([text], name, { type: 'application/xml' });
const ANSWER = {
  deploymentId: 'dep1',
  definitions: [{ id: 'd1', processKey: 'trip', processVersion: 1, name: '出差审批' }],
  deployments: [],
};

/** Bodies of the multipart posts, as sent. */
const sent: FormData[] = [];
function renderPage(
  answer: (call: Call) => unknown,
  permissions = ['flow_deploy', 'flow_deploy_deploy'],
) {
  sent.length = 0;
  const calls = scriptFetch((call) =>
    call.url.includes('/dict/') || call.url.includes('/tenant/select') ? [] : answer(call),
  );
  const fetch = globalThis.fetch as ReturnType<typeof vi.fn>;
  const scripted = fetch.getMockImplementation() as (url: string, init?: RequestInit) => unknown;
  fetch.mockImplementation((url: string, init?: RequestInit) => {
    if (init?.body instanceof FormData) sent.push(init.body);
    return scripted(url, init);
  });
  renderSignedIn(<DeployUploadPage />, { permissions });
  return calls;
}

const choose = (...files: File[]) => {
  const input = document.querySelector('input[type="file"]')!;
  fireEvent.change(input, { target: { files } });
};
const category = (value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: /流程分类/ }), { target: { value } });
const deploy = () => fireEvent.click(screen.getByRole('button', { name: '部署上传' }));
const uploads = (calls: Call[]) => calls.filter((c) => c.url.includes('deploy-upload'));

describe('fileProblem', () => {
  it('checks the name, the size and that the content is BPMN 2.0', async () => {
    expect(await fileProblem(file('a.bpmn', BPMN), 'zh')).toBeUndefined();
    expect(await fileProblem(file('a.bpmn20.xml', BPMN), 'zh')).toBeUndefined();
    expect(await fileProblem(file('a.txt', BPMN), 'zh')).toBe('只能上传.bpmn或.bpmn20.xml文件');
    expect(await fileProblem(file('a.bpmn', 'x'.repeat(1024 * 1024 + 1)), 'zh')).toBe(
      'BPMN文件不能超过1MB',
    );
    expect(await fileProblem(file('a.bpmn', '<html><body/></html>'), 'en')).toBe(
      'The file is not a BPMN 2.0 definition',
    );
  });
});

describe('流程部署 (/flow/deploy)', () => {
  it('checks before sending: category, files and each file', async () => {
    const calls = renderPage(() => ANSWER);
    deploy();
    expect(await screen.findByText('请输入流程分类')).toBeTruthy();
    expect(screen.getByText('请选择要部署的BPMN文件')).toBeTruthy();
    category('人事');
    choose(file('notes.bpmn', 'hello'));
    expect(await screen.findByText('文件不是BPMN 2.0流程定义')).toBeTruthy();
    deploy();
    expect(uploads(calls)).toEqual([]);
  });

  it('sends category, tenants and files as multipart and lists what was deployed', async () => {
    const calls = renderPage(() => ANSWER);
    category('人事');
    choose(file('trip.bpmn20.xml', BPMN));
    await screen.findByText(/^trip\.bpmn20\.xml（/);
    deploy();
    expect(await screen.findByText('出差审批（trip）版本 v1')).toBeTruthy();
    expect(uploads(calls).map((c) => [c.method, c.url])).toEqual([
      ['POST', '/api/blade-flow/manager/deploy-upload'],
    ]);
    const body = sent[0]!;
    expect(body.get('category')).toBe('人事');
    expect(body.get('tenantIds')).toBe('');
    expect((body.getAll('files') as File[]).map((f) => f.name)).toEqual(['trip.bpmn20.xml']);
  });

  it("shows the server's refusal naming the file", async () => {
    renderPage(() => reply(fail(400, '文件trip.bpmn：不支持脚本任务：Task_1')));
    category('人事');
    choose(file('trip.bpmn', BPMN));
    await screen.findByText(/^trip\.bpmn（/);
    deploy();
    await waitFor(() =>
      expect(
        screen.getByText('文件trip.bpmn：不支持脚本任务：Task_1').closest('[role="alert"]'),
      ).toBeTruthy(),
    );
  });

  it('without flow_deploy_deploy the form is disabled and says why', async () => {
    renderPage(() => ANSWER, ['flow_deploy']);
    expect(await screen.findByText('没有部署上传的权限（flow_deploy_deploy）')).toBeTruthy();
    expect(screen.getByRole('button', { name: '部署上传' }).hasAttribute('disabled')).toBe(true);
  });
});
