import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANT } from '../../../server/test/support';
import { serveInProcess, type InProcessServer } from '../../test/in-process-server';
import { renderSignedIn } from '../../test/signed-in';
import { blankModelXml } from './blank-model';
import { ModelDesignPage } from './model-design-page';

/**
 * The modeller page against the embedded server (server/services/blade-flow/model): the blank
 * diagram a new model starts with passes the server's check, and a refused diagram (a script
 * task) is answered with the server's own message, shown beside the canvas. The bpmn-js canvas
 * is stood in for (it does not render in jsdom): it hands over `diagram`.
 */
let diagram = '';
vi.mock('./bpmn-modeler', async () => {
  const { useImperativeHandle } = await import('react');
  return {
    default: function FakeModeler({
      handle,
      onChange,
    }: {
      handle: import('react').Ref<import('./bpmn-modeler').ModelerHandle>;
      onChange(): void;
    }) {
      useImperativeHandle(handle, () => ({
        xml: (key: string) => Promise.resolve(diagram.replaceAll('Process_1', key)),
        focus: () => undefined,
      }));
      return (
        <button type="button" onClick={onChange}>
          edit the diagram
        </button>
      );
    },
  };
});

let api: InProcessServer;
let session: { access_token: string; crypto_key: string };
beforeAll(async () => {
  api = await serveInProcess();
  session = (
    await api.server.tokenRequest('admin', DEMO_PASSWORD, DEMO_TENANT)
  ).json() as typeof session;
}, 120_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await api.close();
});
afterEach(cleanup);

function renderPage() {
  renderSignedIn(
    <MemoryRouter initialEntries={['/flow/model/design/new']}>
      <Routes>
        <Route path="/flow/model/design/:id" element={<ModelDesignPage />} />
      </Routes>
    </MemoryRouter>,
    {
      session,
      permissions: ['flow_model', 'flow_model_add', 'flow_model_edit', 'flow_model_view'],
    },
  );
}
const type = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${name}`) }), {
    target: { value },
  });

describe('modeller page on the server', { timeout: 60_000 }, () => {
  it('saves a new model with the blank diagram and opens it from the server', async () => {
    diagram = blankModelXml();
    renderPage();
    await screen.findByRole('button', { name: 'edit the diagram' });
    type('模型标识', 'h3_blank');
    type('模型名称', '空白模型');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(
      () =>
        expect(
          api.calls.some(
            (c) => c.method === 'GET' && c.url.startsWith('/api/blade-flow/model/detail?id='),
          ),
        ).toBe(true),
      { timeout: 20_000 },
    );
    expect(screen.queryByText('保存失败')).toBeNull();
  });

  it("shows the server's refusal of a script task beside the canvas", async () => {
    diagram = blankModelXml().replace(
      '<bpmn:startEvent id="StartEvent_1" />',
      '<bpmn:startEvent id="StartEvent_1" /><bpmn:scriptTask id="Evil" scriptFormat="javascript"><bpmn:script>1</bpmn:script></bpmn:scriptTask>',
    );
    renderPage();
    await screen.findByRole('button', { name: 'edit the diagram' });
    type('模型标识', 'h3_script');
    type('模型名称', '脚本模型');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const refusal = await screen.findByText(/不支持脚本任务：Evil/, {}, { timeout: 20_000 });
    expect(refusal.closest('[role="alert"]')?.textContent).toContain('保存失败');
    expect((screen.getByRole('textbox', { name: /^模型名称/ }) as HTMLInputElement).value).toBe(
      '脚本模型',
    );
  });
});
