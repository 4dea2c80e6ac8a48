import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import './bpmn-diagram.css';
import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  CURRENT_MARKER,
  diagramColours,
  type DiagramElement,
  type ModelView,
} from './diagram-colours';
import type { DiagramTheme } from './use-diagram-palette';

/** The parts of bpmn-js's services this file uses (its typings leave `get` untyped). */
interface Shape {
  id: string;
  type: string;
  source?: { id: string };
  target?: { id: string };
  waypoints?: unknown;
  businessObject?: { di?: unknown };
  di?: { set(name: string, value: string): void };
}
interface Registry {
  getAll(): Shape[];
  getGraphics(element: Shape): SVGElement | undefined;
}
interface GraphicsFactory {
  update(type: 'shape' | 'connection', element: Shape, gfx: SVGElement): void;
}
interface Canvas {
  zoom(mode: 'fit-viewport', center?: 'auto'): void;
  addMarker(element: Shape, marker: string): void;
}

/**
 * The read-only diagram (bpmn-js NavigatedViewer: pan, zoom, keyboard move; no editing), in its
 * own chunk with bpmn-js's styles, loaded when a diagram dialog opens. Colours the elements per
 * diagram-colours.ts by writing their DI colours and redrawing them (the viewer has no modeling
 * to do it), so arrow heads take the colour too. No inline script or style element is added.
 */
export default function BpmnCanvas({
  view,
  theme,
  label,
  onError,
}: {
  view: ModelView;
  theme: DiagramTheme;
  /** Accessible name of the canvas. */
  label: string;
  onError(error: unknown): void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const errorRef = useRef(onError);
  useLayoutEffect(() => {
    errorRef.current = onError;
  });

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const viewer = new NavigatedViewer({
      container,
      bpmnRenderer: { defaultFillColor: theme.fill, defaultStrokeColor: theme.stroke },
      textRenderer: { defaultStyle: { fill: theme.stroke } },
    } as ConstructorParameters<typeof NavigatedViewer>[0]);
    let gone = false;
    void (async () => {
      try {
        await viewer.importXML(view.xml);
        if (gone) return;
        const registry = viewer.get<Registry>('elementRegistry');
        const graphics = viewer.get<GraphicsFactory>('graphicsFactory');
        const canvas = viewer.get<Canvas>('canvas');
        const all = registry.getAll();
        const elements: DiagramElement[] = all.map((e) => ({
          id: e.id,
          type: e.type,
          sourceId: e.source?.id,
          targetId: e.target?.id,
        }));
        const roles = diagramColours(elements, view.flow, view.current);
        for (const element of all) {
          const role = roles.get(element.id);
          const gfx = role && registry.getGraphics(element);
          if (!role || !gfx || !element.di) continue;
          const { stroke, fill } = theme.roles[role];
          element.di.set('color:border-color', stroke);
          if (!element.waypoints) element.di.set('color:background-color', fill);
          graphics.update(element.waypoints ? 'connection' : 'shape', element, gfx);
          if (role === 'current') canvas.addMarker(element, CURRENT_MARKER);
        }
        canvas.zoom('fit-viewport', 'auto');
        const svg = container.querySelector('svg');
        svg?.setAttribute('aria-label', label);
        svg?.setAttribute('role', 'img');
      } catch (error) {
        if (!gone) errorRef.current(error);
      }
    })();
    return () => {
      gone = true;
      viewer.destroy();
    };
  }, [view, theme, label]);

  return <div ref={host} className="qy-bpmn-canvas" data-dark={theme.dark || undefined} />;
}
