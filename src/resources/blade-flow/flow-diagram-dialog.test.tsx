import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModelView } from '../../components/bpmn-diagram/diagram-colours';
import { langChanged } from '../../state/ui-slice';
import { fail, renderSignedIn, reply, scriptFetch, signedInStore } from '../../test/signed-in';
import { FlowDiagramDialog } from './flow-diagram-dialog';

// bpmn-js does not render in jsdom: the viewer chunk is replaced by a probe of what it is given.
const shown: { view: ModelView; roles: string[] }[] = [];
vi.mock('../../components/bpmn-diagram/bpmn-canvas', async () => {
  const { diagramColours } = await import('../../components/bpmn-diagram/diagram-colours');
  return {
    default: function FakeCanvas({ view, label }: { view: ModelView; label: string }) {
      const roles = diagramColours(
        [
          { id: 'approve', type: 'bpmn:UserTask' },
          { id: 'hr', type: 'bpmn:UserTask' },
        ],
        view.flow,
        view.current,
      );
      shown.push({ view, roles: [...roles.values()] });
      return <div role="img" aria-label={label} data-xml={view.xml} />;
    },
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  shown.length = 0;
});

const VIEW: ModelView = {
  xml: '<definitions id="leave"/>',
  flow: [
    {
      historyActivityId: 'approve',
      historyActivityType: 'userTask',
      endTime: '2026-11-29 09:00:00',
    },
    { historyActivityId: 'hr', historyActivityType: 'userTask', endTime: null },
  ],
  current: ['hr'],
};

describe('FlowDiagramDialog', () => {
  it('loads model-view for an instance and hands the viewer the XML, flow and current', async () => {
    const calls = scriptFetch(() => VIEW);
    renderSignedIn(<FlowDiagramDialog source={{ processInstanceId: 'p-1' }} onClose={vi.fn()} />);
    expect(await screen.findByRole('dialog', { name: '流程图展示' })).toBeTruthy();
    const canvas = await screen.findByRole('img', { name: '流程图展示' });
    expect(canvas.getAttribute('data-xml')).toBe(VIEW.xml);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/blade-flow/process/model-view?processInstanceId=p-1',
    ]);
    expect(shown.at(-1)?.roles).toEqual(['success', 'current']);
    // The legend names each colour.
    for (const name of ['已完成', '进行中', '当前任务', '已流经的连线'])
      expect(screen.getByText(name)).toBeTruthy();
  });

  it('asks by definition id for a definition', async () => {
    const calls = scriptFetch(() => ({ xml: VIEW.xml, flow: [], current: [] }));
    renderSignedIn(<FlowDiagramDialog source={{ processDefinitionId: 'd-9' }} onClose={vi.fn()} />);
    await screen.findByRole('img', { name: '流程图展示' });
    expect(calls[0]?.url).toBe('/api/blade-flow/process/model-view?processDefinitionId=d-9');
    expect(shown.at(-1)?.roles).toEqual([]);
  });

  it('shows a model XML as given, without asking the server', async () => {
    const calls = scriptFetch(() => null);
    renderSignedIn(<FlowDiagramDialog source={{ xml: '<m/>' }} onClose={vi.fn()} />);
    expect((await screen.findByRole('img', { name: '流程图展示' })).getAttribute('data-xml')).toBe(
      '<m/>',
    );
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal as text (another tenant's instance)", async () => {
    scriptFetch(() => reply(fail(404, '流程实例不存在')));
    renderSignedIn(<FlowDiagramDialog source={{ processInstanceId: 'x' }} onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('流程实例不存在'));
    expect(shown).toEqual([]);
  });

  it('is titled in English too', async () => {
    scriptFetch(() => VIEW);
    const store = signedInStore();
    store.dispatch(langChanged('en'));
    renderSignedIn(<FlowDiagramDialog source={{ processInstanceId: 'p-1' }} onClose={vi.fn()} />, {
      store,
    });
    expect(await screen.findByRole('dialog', { name: 'Flow chart display' })).toBeTruthy();
  });
});
